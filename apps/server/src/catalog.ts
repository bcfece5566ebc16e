// What every loaded module publishes, read from its exported schemas and `info` with no per-module code: discovery
// (GET /modules, GraphQL `modules`), the named schemas of openapi.yaml, and the error messages that explain a malformed
// command or options.
import type { AnyGameModule } from '@delve/kernel';
import type { Static } from '@sinclair/typebox';
import type { ModuleInfo } from './operations/schemas';

type Json = Record<string, unknown>;

/** A schema as plain JSON (TypeBox's symbol keys dropped), so it can be serialised, compared and walked. */
export function plainSchema(schema: unknown): Json {
  return JSON.parse(JSON.stringify(schema ?? {})) as Json;
}

/** "dungeon-crawl" → "DungeonCrawl": the prefix of a module's named schemas and GraphQL types. */
export const pascal = (s: string): string =>
  s.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9_]/g, '');

/** The variants of a union discriminated by `type`, keyed by that type (a schema that is not such a union: none). */
export function variantsByType(schema: Json): Map<string, Json> {
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const byType = new Map<string, Json>();
  for (const variant of variants ?? [schema]) {
    const type = ((variant.properties as Json | undefined)?.type as Json | undefined)?.const;
    if (typeof type === 'string') byType.set(type, variant);
  }
  return byType;
}

/** A module as discovery describes it: everything a client needs to know before it creates a game. */
export type ModuleEntry = Static<typeof ModuleInfo>;

/** The names under which openapi.yaml publishes a module's schemas (null: the module has none of that kind). */
export function schemaNames(module: AnyGameModule) {
  const p = pascal(module.name);
  const characters = module.progression !== undefined;
  return {
    options: `${p}Options`,
    command: `${p}Command`,
    event: `${p}Event`,
    view: module.viewSchema ? `${p}View` : null,
    characterOptions: characters ? `${p}CharacterOptions` : null,
    characterCommand: characters ? `${p}CharacterCommand` : null,
    sheet: characters ? `${p}Sheet` : null,
    code: `${p}Code`,
    commandVariant: (type: string) => `${p}Command.${type}`,
    eventVariant: (type: string) => `${p}Event.${type}`,
    characterCommandVariant: (type: string) => `${p}CharacterCommand.${type}`,
  };
}

/** What a seat may send: the module's seat commands when it says which, else every command. */
export const seatCommandSchema = (module: AnyGameModule): Json => plainSchema(module.seatCommandSchema ?? module.commandSchema);

/** The module's refusal codes with their meanings, by code. */
export const moduleCodes = (module: AnyGameModule) =>
  Object.entries(module.codes ?? {})
    .map(([code, meaning]) => ({ code, meaning }))
    .sort((a, b) => a.code.localeCompare(b.code));

/** Discovery's entry for one module. */
export function moduleEntry(module: AnyGameModule): ModuleEntry {
  const options = plainSchema(module.optionsSchema);
  const names = schemaNames(module);
  return {
    name: module.name,
    title: module.info?.title ?? module.name,
    rulesVersion: module.rulesVersion,
    summary: module.info?.summary ?? '',
    seats: { min: module.info?.seats.min ?? 1, max: module.info?.seats.max ?? 16 },
    notation: { path: module.info?.notation ?? '', url: `/modules/${module.name}/notation` },
    options: Object.entries((options.properties ?? {}) as Record<string, Json>).map(([name, schema]) => ({
      name,
      description: typeof schema.description === 'string' ? schema.description : '',
      default: schema.default ?? null,
      schema,
    })),
    commands: [...variantsByType(seatCommandSchema(module)).keys()],
    events: [...variantsByType(plainSchema(module.eventSchema)).keys()],
    schemas: {
      options: names.options,
      command: names.command,
      event: names.event,
      view: names.view,
      characterOptions: names.characterOptions,
      characterCommand: names.characterCommand,
      sheet: names.sheet,
      code: names.code,
    },
    characters: module.progression !== undefined,
    codes: moduleCodes(module),
    content: { items: module.content?.length ?? 0, url: `/modules/${module.name}/content` },
    bots: (module.bots ?? []).map(({ name, description, strength }) => ({ name, description, strength: { ...strength } })),
  };
}

/** Discovery's entries for the loaded modules, by name. */
export function catalog(modules: Readonly<Record<string, AnyGameModule>>): ModuleEntry[] {
  return Object.values(modules)
    .map(moduleEntry)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A union discriminated by `type` as openapi.yaml holds it: each variant a named schema, joined with `oneOf` and a
 * discriminator mapping, so generators make a tagged union and readers find each command under its own name.
 */
function taggedUnion(schema: Json, variantName: (type: string) => string, fallback: string, into: Record<string, Json>): Json {
  const variants = variantsByType(schema);
  const mapping: Record<string, string> = {};
  for (const [type, variant] of variants) {
    into[variantName(type)] = variant;
    mapping[type] = `#/components/schemas/${variantName(type)}`;
  }
  return {
    description: typeof schema.description === 'string' ? schema.description : fallback,
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  };
}

/** A schema as a component: its title is the component's name, so it is left out. */
function component(schema: unknown, description: string): Json {
  const { title: _title, ...rest } = plainSchema(schema);
  return { ...rest, description: typeof rest.description === 'string' ? rest.description : description };
}

/** The module's refusal codes as a schema: a string that is one of them, each described (a pattern until it lists them). */
function codeSchema(module: AnyGameModule, title: string): Json {
  const codes = moduleCodes(module);
  if (codes.length === 0) {
    return {
      type: 'string',
      pattern: `^${module.name}/`,
      description: `A refusal of ${title}'s rules (422); the module publishes no list of its codes.`,
    };
  }
  return {
    type: 'string',
    description: `Every refusal code of ${title}'s rules (answered with 422), with what it means.`,
    oneOf: codes.map(({ code, meaning }) => ({ const: code, description: meaning })),
  };
}

/**
 * Every module's options, seat commands, events, view, codes and (for modules with characters) character options,
 * character commands and sheet as named schemas (components.schemas of openapi.yaml).
 */
export function moduleComponents(modules: Readonly<Record<string, AnyGameModule>>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const module of Object.values(modules).sort((a, b) => a.name.localeCompare(b.name))) {
    const names = schemaNames(module);
    const title = module.info?.title ?? module.name;
    out[names.options] = component(module.optionsSchema, `Options of a ${title} game; every field has a default.`);
    out[names.command] = taggedUnion(seatCommandSchema(module), names.commandVariant, `Every command a seat of ${title} may send.`, out);
    out[names.event] = taggedUnion(plainSchema(module.eventSchema), names.eventVariant, `Every event of ${title}.`, out);
    if (names.view) out[names.view] = component(module.viewSchema, `What one viewer sees of a ${title} game.`);
    out[names.code] = codeSchema(module, title);
    const progression = module.progression;
    if (progression && names.characterOptions && names.characterCommand && names.sheet) {
      out[names.characterOptions] = component(progression.createSchema, `The options a ${title} character is created with.`);
      out[names.characterCommand] = taggedUnion(
        plainSchema(progression.commandSchema),
        names.characterCommandVariant,
        `Every command the owner of a ${title} character may send it.`,
        out,
      );
      out[names.sheet] = component(progression.sheetSchema, `A ${title} character's sheet.`);
    }
  }
  return out;
}

/**
 * The named examples of one kind of module command (seat or character commands), from each variant's JSON Schema
 * `examples` (or the bare command, for a command of nothing but its type): a request body's examples in openapi.yaml,
 * keyed `<module>.<Type>` (the first example of each type).
 */
export function commandExamples(
  modules: Readonly<Record<string, AnyGameModule>>,
  kind: 'command' | 'characterCommand',
): Record<string, { summary: string; value: unknown }> {
  const out: Record<string, { summary: string; value: unknown }> = {};
  for (const module of Object.values(modules).sort((a, b) => a.name.localeCompare(b.name))) {
    const schema =
      kind === 'command' ? seatCommandSchema(module) : module.progression ? plainSchema(module.progression.commandSchema) : null;
    if (!schema) continue;
    for (const [type, variant] of variantsByType(schema)) {
      // The module's own example; a command of nothing but its type is its own example.
      const bare = ((variant.required ?? []) as string[]).every((field) => field === 'type') ? { type } : undefined;
      const [example = bare] = Array.isArray(variant.examples) ? (variant.examples as unknown[]) : [];
      if (example === undefined) continue;
      const description = typeof variant.description === 'string' ? `: ${variant.description}` : '';
      out[`${module.name}.${type}`] = { summary: `${module.info?.title ?? module.name}: ${type}${description}`, value: example };
    }
  }
  return out;
}
