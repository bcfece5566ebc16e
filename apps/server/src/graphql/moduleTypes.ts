// Each module's own GraphQL types (its view, its character sheet, one type per command), the unions that join views
// and commands, a sheet field per module on Character, and how a value is tagged with its module's type so graphql-js
// can pick the union member.
import type { AnyGameModule, Message } from '@delve/kernel';
import { pascal } from '../catalog';
import type { SdlBuilder } from './sdl';
import { commandTypesFor, moduleTypeFor, sheetSchemaOf, viewTypeFor, type ViewType } from './viewTypes';

/** Type names of the fallbacks and unions below: no module type may take them. */
export const MODULE_TYPE_NAMES = ['JsonView', 'JsonSheet', 'JsonCommand', 'GameView', 'CharacterSheet', 'LegalCommand'];

const FALLBACKS_SDL = `
"A module without a published view schema: its view as JSON."
type JsonView {
  "The module."
  module: String!
  "The view as JSON."
  json: JSON!
}
"A module without a published sheet schema: its character sheet as JSON."
type JsonSheet {
  "The module."
  module: String!
  "The sheet as JSON."
  json: JSON!
}
"A command whose module publishes no GraphQL type for it: the command as JSON."
type JsonCommand {
  "The module."
  module: String!
  "The command as JSON, to send as is."
  json: JSON!
}
extend type Character {
  "The character sheet, typed per module."
  typedSheet: CharacterSheet! @deprecated(reason: "Two modules' sheets may have fields of one name and different types, which one selection cannot ask for: use <module>Sheet (raidSheet, dungeoneerSheet…).")
}`;

export interface ModuleTypes {
  /** The SDL of every module type, the fallbacks and the unions. */
  readonly sdl: string;
  /** The modules whose views are typed, and their types. */
  readonly views: ReadonlyMap<string, ViewType>;
  view(module: string, value: unknown): Record<string, unknown>;
  sheet(module: string, value: unknown): Record<string, unknown>;
  /** The fields on Character holding each module's typed sheet, by field name: the module whose sheet it holds. */
  readonly sheetFields: ReadonlyMap<string, string>;
  command(module: string, command: Message): Record<string, unknown>;
  /** The module of a game (from the node's cache when it holds the game). */
  moduleOf(gameId: string): Promise<string>;
}

/** Build the module types into `builder`'s names; `moduleOf` finds a game's module. */
export function moduleTypes(
  modules: Readonly<Record<string, AnyGameModule>>,
  builder: SdlBuilder,
  moduleOf: (gameId: string) => Promise<string>,
): ModuleTypes {
  const views = new Map<string, ViewType>();
  const sheets = new Map<string, ViewType>();
  const commands = new Map<string, ReadonlyMap<string, string>>();
  const commandSdl: string[] = [];
  for (const module of Object.values(modules)) {
    const view = viewTypeFor(module, builder.used);
    if (view) views.set(module.name, view);
    const sheet = moduleTypeFor(module, 'Sheet', sheetSchemaOf(module), builder.used);
    if (sheet) sheets.set(module.name, sheet);
    const typed = commandTypesFor(module, builder.used);
    commands.set(module.name, typed.types);
    commandSdl.push(typed.sdl);
  }
  const union = (name: string, types: Map<string, ViewType>, fallback: string) =>
    `union ${name} = ${[...[...types.values()].map((v) => v.typeName), fallback].join(' | ')}`;
  const commandNames = [...commands.values()].flatMap((types) => [...types.values()]);
  // One field per module rather than a union: two modules' sheets may have fields of one name and different types
  // (a hero is an object in one, a string in the other), which no single selection over a union could ask for.
  const sheetFields = new Map([...sheets.keys()].map((module) => [`${camel(module)}Sheet`, module]));
  const sheetSdl = [...sheetFields].map(
    ([field, module]) =>
      `  "The sheet of a ${module} character; null for a character of another module."\n  ${field}: ${sheets.get(module)?.typeName}`,
  );
  const sdl = [
    FALLBACKS_SDL,
    ...[...views.values(), ...sheets.values()].map((v) => v.sdl),
    ...commandSdl,
    `"The caller's view, typed per module."\n${union('GameView', views, 'JsonView')}`,
    `"A character sheet, typed per module."\n${union('CharacterSheet', sheets, 'JsonSheet')}`,
    `"A command a seat may send, typed per module: one object type per command."\nunion LegalCommand = ${[...commandNames, 'JsonCommand'].join(' | ')}`,
    ...(sheetSdl.length > 0 ? [`extend type Character {\n${sheetSdl.join('\n')}\n}`] : []),
  ].join('\n');
  // graphql-js picks a union member from __typename: the module's own type, or the JSON fallback.
  const typed =
    (types: Map<string, ViewType>, fallback: string) =>
    (module: string, value: unknown): Record<string, unknown> => {
      const type = types.get(module);
      return type && typeof value === 'object' && value !== null
        ? { ...(value as Record<string, unknown>), __typename: type.typeName }
        : { __typename: fallback, module, json: value };
    };
  return {
    sdl,
    views,
    view: typed(views, 'JsonView'),
    sheet: typed(sheets, 'JsonSheet'),
    sheetFields,
    command: (module, command) => {
      const name = commands.get(module)?.get(command.type);
      return name ? { ...command, __typename: name } : { __typename: 'JsonCommand', module, json: command };
    },
    moduleOf,
  };
}

/** "dungeon-crawl" → "dungeonCrawl": a module's name as the start of a GraphQL field name. */
const camel = (name: string): string => {
  const p = pascal(name);
  return `${p.charAt(0).toLowerCase()}${p.slice(1)}`;
};
