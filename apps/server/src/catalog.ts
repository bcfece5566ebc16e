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

/** The names under which openapi.yaml publishes a module's schemas. */
export function schemaNames(module: AnyGameModule) {
  const p = pascal(module.name);
  return {
    options: `${p}Options`,
    command: `${p}Command`,
    event: `${p}Event`,
    view: module.viewSchema ? `${p}View` : null,
    commandVariant: (type: string) => `${p}Command.${type}`,
    eventVariant: (type: string) => `${p}Event.${type}`,
  };
}

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
    commands: [...variantsByType(plainSchema(module.commandSchema)).keys()],
    events: [...variantsByType(plainSchema(module.eventSchema)).keys()],
    schemas: { options: names.options, command: names.command, event: names.event, view: names.view },
    characters: module.progression !== undefined,
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

/** Every module's options, commands, events and view as named schemas (components.schemas of openapi.yaml). */
export function moduleComponents(modules: Readonly<Record<string, AnyGameModule>>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const module of Object.values(modules).sort((a, b) => a.name.localeCompare(b.name))) {
    const names = schemaNames(module);
    const title = module.info?.title ?? module.name;
    const options = plainSchema(module.optionsSchema);
    out[names.options] = { ...options, description: options.description ?? `Options of a ${title} game; every field has a default.` };
    out[names.command] = taggedUnion(plainSchema(module.commandSchema), names.commandVariant, `Every command of ${title}.`, out);
    out[names.event] = taggedUnion(plainSchema(module.eventSchema), names.eventVariant, `Every event of ${title}.`, out);
    if (names.view) {
      const view = plainSchema(module.viewSchema);
      out[names.view] = { ...view, description: view.description ?? `What one viewer sees of a ${title} game.` };
    }
  }
  return out;
}
