// Typed GraphQL views from a module's view JSON Schema (when it publishes one); JSON where a type would be absurd.
import type { AnyGameModule } from '@delve/kernel';

type Schema = Record<string, unknown>;

/** One module's view as GraphQL: the object type name and the SDL of it and its nested types. */
export interface ViewType {
  readonly module: string;
  readonly typeName: string;
  readonly sdl: string;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
const pascal = (s: string): string =>
  s.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_m, _sep, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9_]/g, '');

/** The module's view schema (GameModule.viewSchema, optional); modules without one get the JSON view. */
export function viewSchemaOf(module: AnyGameModule): Schema | null {
  const schema: unknown = module.viewSchema;
  return typeof schema === 'object' && schema !== null ? (schema as Schema) : null;
}

/**
 * Build the GraphQL object types of a module's view, or null when its schema is not an object with nameable fields.
 * `used` holds every type name already in the schema; names made here are added to it and never reuse one.
 */
export function viewTypeFor(module: AnyGameModule, used: Set<string> = new Set()): ViewType | null {
  const schema = viewSchemaOf(module);
  if (!schema || !NAME.test(pascal(module.name))) return null;
  const taken = new Set(used);
  const types: string[] = [];
  const root = objectType(`${pascal(module.name)}View`, schema, types, taken);
  if (!root) return null;
  for (const name of taken) used.add(name);
  return { module: module.name, typeName: root, sdl: types.join('\n') };
}

// A fresh type name: the wanted one, or the wanted one with the lowest free number appended.
function claim(wanted: string, used: Set<string>): string {
  let name = wanted;
  for (let i = 2; used.has(name); i++) name = `${wanted}${i}`;
  used.add(name);
  return name;
}

// Emits `type <name> { ... }` into `types` and returns its name, or null when the schema is not a plain object.
function objectType(wanted: string, schema: Schema, types: string[], used: Set<string>): string | null {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (schema.type !== 'object' || !properties || Object.keys(properties).length === 0) return null;
  if (!Object.keys(properties).every((field) => NAME.test(field))) return null;
  const name = claim(wanted, used);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const fields: string[] = [];
  for (const [field, sub] of Object.entries(properties)) {
    const { type, nullable } = fieldType(`${name}${pascal(field)}`, sub, types, used);
    fields.push(`  ${field}: ${type}${required.has(field) && !nullable ? '!' : ''}`);
  }
  types.push(`type ${name} {\n${fields.join('\n')}\n}`);
  return name;
}

function fieldType(name: string, schema: Schema, types: string[], used: Set<string>): { type: string; nullable: boolean } {
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) {
    const nonNull = variants.filter((v) => v.type !== 'null');
    const nullable = nonNull.length < variants.length;
    // A union of string literals is a string; any other mixed union would be absurd as a type: JSON.
    if (nonNull.length === 1) return { type: fieldType(name, nonNull[0] as Schema, types, used).type, nullable };
    if (nonNull.every((v) => v.type === 'string')) return { type: 'String', nullable };
    if (nonNull.every((v) => v.type === 'integer')) return { type: 'Int', nullable };
    return { type: 'JSON', nullable };
  }
  switch (schema.type) {
    case 'string':
      return { type: 'String', nullable: false };
    case 'integer':
      return { type: 'Int', nullable: false };
    case 'number':
      return { type: 'Float', nullable: false };
    case 'boolean':
      return { type: 'Boolean', nullable: false };
    case 'array': {
      const items = schema.items as Schema | undefined;
      if (!items) return { type: '[JSON]', nullable: false };
      const inner = fieldType(name, items, types, used);
      return { type: `[${inner.type}${inner.nullable ? '' : '!'}]`, nullable: false };
    }
    case 'object':
      return { type: objectType(name, schema, types, used) ?? 'JSON', nullable: false };
    default:
      return { type: 'JSON', nullable: false };
  }
}
