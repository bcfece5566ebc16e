// JSON Schema (TypeBox) → GraphQL SDL: object types with descriptions, enums for titled sets of names, shared named
// types for titled sub-schemas, and JSON where a GraphQL type would be absurd. GraphQL's types are generated from the
// same schemas as REST's, so the two cannot drift.

import { pascal } from '../catalog';
import { MODULE_SCHEMA, type ModuleSchemaKind } from '../operations/schemas';

/**
 * What a field standing for one of the modules' own schemas is in GraphQL: views are typed per module (a union), sheets
 * by a field per module on Character (see moduleTypes.ts), codes are strings, the rest JSON.
 */
const MODULE_TYPES: Readonly<Record<ModuleSchemaKind, string>> = {
  view: 'GameView',
  command: 'JSON',
  options: 'JSON',
  characterOptions: 'JSON',
  characterCommand: 'JSON',
  sheet: 'JSON',
  code: 'String',
};

type Schema = Record<string, unknown>;

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A GraphQL description block, or nothing. */
export function describe(schema: Schema, indent = ''): string {
  const text = schema.description;
  if (typeof text !== 'string' || text === '') return '';
  return `${indent}"""${text.replaceAll('"""', '\\"""')}"""\n${indent}`;
}

/**
 * Builds SDL type by type. `used` holds every type name already in the schema: names made here never reuse one.
 * `renames` maps a schema title to the GraphQL name it should get (GameSummary → Game).
 */
export class SdlBuilder {
  readonly types: string[] = [];
  private readonly titled = new Map<string, string>();
  private readonly enums = new Set<string>();

  constructor(
    readonly used: Set<string> = new Set(),
    private readonly renames: Readonly<Record<string, string>> = {},
  ) {}

  /** A fresh type name: the wanted one, or the wanted one with the lowest free number appended. */
  claim(wanted: string): string {
    let name = wanted;
    for (let i = 2; this.used.has(name); i++) name = `${wanted}${i}`;
    this.used.add(name);
    return name;
  }

  /** The object type of `schema` (named by its title or `wanted`), or null when it is not an object with nameable fields. */
  objectType(wanted: string, schema: Schema): string | null {
    const title = typeof schema.title === 'string' ? schema.title : null;
    const known = title === null ? undefined : this.titled.get(title);
    if (known) return known;
    const properties = schema.properties as Record<string, Schema> | undefined;
    if (schema.type !== 'object' || !properties || Object.keys(properties).length === 0) return null;
    if (!Object.keys(properties).every((field) => NAME.test(field))) return null;
    const name = this.claim(title === null ? wanted : (this.renames[title] ?? title));
    if (title !== null) this.titled.set(title, name);
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields: string[] = [];
    for (const [field, sub] of Object.entries(properties)) {
      const { type, nullable } = this.fieldType(`${name}${pascal(field)}`, sub);
      fields.push(`${describe(sub, '  ') || '  '}${field}: ${type}${required.has(field) && !nullable ? '!' : ''}`);
    }
    this.types.push(`${describe(schema)}type ${name} {\n${fields.join('\n')}\n}`);
    return name;
  }

  /** True when `name` is an enum this builder made (enums may be arguments; object types may not). */
  isEnum(name: string): boolean {
    return this.enums.has(name);
  }

  /** An enum for a titled union of string constants that are all valid GraphQL names; null otherwise. */
  private enumType(schema: Schema, variants: readonly Schema[]): string | null {
    const title = typeof schema.title === 'string' ? schema.title : null;
    if (title === null) return null;
    const values = variants.map((v) => v.const);
    if (!values.every((v): v is string => typeof v === 'string' && NAME.test(v))) return null;
    const known = this.titled.get(title);
    if (known) return known;
    const name = this.claim(this.renames[title] ?? title);
    this.titled.set(title, name);
    this.enums.add(name);
    this.types.push(`${describe(schema)}enum ${name} { ${values.join(' ')} }`);
    return name;
  }

  fieldType(name: string, schema: Schema): { type: string; nullable: boolean } {
    const kind = schema[MODULE_SCHEMA] as ModuleSchemaKind | undefined;
    // A sheet is null when the character's module is not loaded here.
    if (kind !== undefined) return { type: MODULE_TYPES[kind], nullable: kind === 'sheet' };
    const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (variants) {
      const nonNull = variants.filter((v) => v.type !== 'null');
      const nullable = nonNull.length < variants.length;
      // A union of string literals is an enum when it is named, else a string; any other mixed union would be absurd
      // as a type: JSON.
      if (nonNull.length === 1) return { type: this.fieldType(name, nonNull[0] as Schema).type, nullable };
      if (nonNull.every((v) => v.type === 'string')) return { type: this.enumType(schema, nonNull) ?? 'String', nullable };
      if (nonNull.every((v) => v.type === 'integer')) return { type: 'Int', nullable };
      return { type: 'JSON', nullable };
    }
    switch (schema.type) {
      case 'string':
        return { type: schema.format === 'uuid' ? 'ID' : 'String', nullable: false };
      case 'integer':
        return { type: 'Int', nullable: false };
      case 'number':
        return { type: 'Float', nullable: false };
      case 'boolean':
        return { type: 'Boolean', nullable: false };
      case 'array': {
        const items = schema.items as Schema | undefined;
        if (!items) return { type: '[JSON]', nullable: false };
        const inner = this.fieldType(name, items);
        return { type: `[${inner.type}${inner.nullable ? '' : '!'}]`, nullable: false };
      }
      case 'object':
        return { type: this.objectType(name, schema) ?? 'JSON', nullable: false };
      case undefined:
        // A schema that allows anything allows null: an option's default, an event's data.
        return { type: 'JSON', nullable: true };
      default:
        return { type: 'JSON', nullable: false };
    }
  }
}

/**
 * The GraphQL type of an argument of `schema`: scalars and named enums as themselves, anything else as JSON (an
 * operation checks its whole input against its schema anyway, so the argument's type only has to let it through).
 */
export function argumentType(builder: SdlBuilder, schema: Schema): string {
  if (schema.type === 'object' || schema.type === 'array' || schema[MODULE_SCHEMA] !== undefined) return 'JSON';
  const { type } = builder.fieldType('Argument', schema);
  return /^(ID|String|Int|Float|Boolean)$/.test(type) || builder.isEnum(type) ? type : 'JSON';
}
