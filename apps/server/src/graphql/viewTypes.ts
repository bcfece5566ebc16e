// Typed GraphQL types of a module's own schemas: its view (GameModule.viewSchema), its character sheet
// (progression.sheetSchema) when it publishes them, and its commands; JSON where a type would be absurd.
import type { AnyGameModule } from '@delve/kernel';
import { pascal, seatCommandSchema, variantsByType } from '../catalog';
import { SdlBuilder } from './sdl';

type Schema = Record<string, unknown>;

/** One module's type: the object type name and the SDL of it and its nested types. */
export interface ViewType {
  readonly module: string;
  readonly typeName: string;
  readonly sdl: string;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The module's view schema (GameModule.viewSchema, optional); modules without one get the JSON view. */
export function viewSchemaOf(module: AnyGameModule): Schema | null {
  const schema: unknown = module.viewSchema;
  return typeof schema === 'object' && schema !== null ? (schema as Schema) : null;
}

/** The module's character sheet schema, when it has characters. */
export function sheetSchemaOf(module: AnyGameModule): Schema | null {
  const schema: unknown = module.progression?.sheetSchema;
  return typeof schema === 'object' && schema !== null ? (schema as Schema) : null;
}

/**
 * Build the GraphQL object types of one of a module's schemas (`<Module>View`, `<Module>Sheet`), or null when it is not
 * an object with nameable fields. `used` holds every type name already in the schema; names made here are added.
 */
export function moduleTypeFor(
  module: AnyGameModule,
  suffix: 'View' | 'Sheet',
  schema: Schema | null,
  used: Set<string> = new Set(),
): ViewType | null {
  if (!schema || !NAME.test(pascal(module.name))) return null;
  // A scratch builder on a copy of the names: nothing is claimed unless the whole type converts.
  const builder = new SdlBuilder(new Set(used));
  const { title: _title, ...untitled } = schema; // the module's own type is named after the module
  const root = builder.objectType(`${pascal(module.name)}${suffix}`, untitled);
  if (!root) return null;
  for (const name of builder.used) used.add(name);
  return { module: module.name, typeName: root, sdl: builder.types.join('\n') };
}

/** The view type of a module (see moduleTypeFor). */
export function viewTypeFor(module: AnyGameModule, used: Set<string> = new Set()): ViewType | null {
  return moduleTypeFor(module, 'View', viewSchemaOf(module), used);
}

/** The GraphQL object types of a module's commands (`<Module>Command<Type>`), by command type, and their SDL. */
export interface CommandTypes {
  readonly types: ReadonlyMap<string, string>;
  readonly sdl: string;
}

/**
 * One object type per command of a module, so legal commands are typed per module; a command whose schema does not
 * convert is served as JsonCommand. `used` holds every type name already in the schema; names made here are added.
 */
export function commandTypesFor(module: AnyGameModule, used: Set<string> = new Set()): CommandTypes {
  const builder = new SdlBuilder(new Set(used));
  const types = new Map<string, string>();
  if (NAME.test(pascal(module.name))) {
    for (const [type, variant] of variantsByType(seatCommandSchema(module))) {
      const { title: _title, ...untitled } = variant;
      const name = builder.objectType(`${pascal(module.name)}Command${pascal(type)}`, untitled);
      if (name) types.set(type, name);
    }
  }
  for (const name of builder.used) used.add(name);
  return { types, sdl: builder.types.join('\n') };
}
