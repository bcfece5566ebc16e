// GraphQL over the operations: a field is a name and an operation. Its arguments are the operation's input fields,
// its type is the operation's output, both generated from the operation's schemas; its resolver calls the operation
// (which validates, spends the caller's budget and checks credentials exactly as over REST) and adds nothing.
import { comparePositions, type Position } from '@delve/kernel';
import type { TSchema } from '@sinclair/typebox';
import type { AnyOperation, Credentials, Operations } from '../operations/index';
import { argumentType, describe, type SdlBuilder } from './sdl';

type Schema = Record<string, unknown>;

/** How one operation is served as a GraphQL field, beyond its name. */
export interface FieldBinding {
  /** Argument names that differ from the input field they fill: argument → input field (`gameId` → `id`). */
  readonly args?: Readonly<Record<string, string>>;
  /** Take the arguments as one input object (`games(filter: GamesFilter)`): its argument and type names. */
  readonly inputObject?: { readonly arg: string; readonly type: string };
  /** Answer one property of the output (a list's `items`). */
  readonly result?: string;
  /** The GraphQL type of the answer, where the generated one would be too loose (typed per module). */
  readonly returns?: string;
  /** Input fields a type field takes from its parent object, by input field (`id` from the game's `id`). */
  readonly parent?: Readonly<Record<string, string>>;
  /** Shape the answer for GraphQL (typing a module's view or commands), given the input it was asked with. */
  readonly shape?: (value: unknown, input: Readonly<Record<string, unknown>>, context: GraphqlContext) => unknown;
}

export interface GraphqlField extends FieldBinding {
  /** The object type the field is on: Query, Mutation, or a type whose objects give part of the input (Game). */
  readonly on: string;
  readonly name: string;
  readonly operation: AnyOperation;
}

export const query = (name: string, operation: AnyOperation, binding: FieldBinding = {}): GraphqlField => ({
  on: 'Query',
  name,
  operation,
  ...binding,
});
export const mutation = (name: string, operation: AnyOperation, binding: FieldBinding = {}): GraphqlField => ({
  on: 'Mutation',
  name,
  operation,
  ...binding,
});
export const field = (on: string, name: string, operation: AnyOperation, binding: FieldBinding = {}): GraphqlField => ({
  on,
  name,
  operation,
  ...binding,
});

/** What every resolver gets: the caller's credentials (from the HTTP request or the WebSocket's connection_init). */
export interface GraphqlContext {
  credentials: Credentials;
  /** From the WebSocket connection_init payload; wins over the upgrade request's headers. */
  wsCredentials?: Omit<Credentials, 'address'>;
  /** The furthest log position the document's writes answered (answered as `extensions.logPosition`). */
  logPosition?: Position;
}

export const credentialsIn = (context: GraphqlContext): Credentials =>
  context.wsCredentials ? { ...context.wsCredentials, address: context.credentials.address } : context.credentials;

/** The arguments a field takes: each input field the parent does not give, under its argument name. */
function argumentsOf(f: GraphqlField): { arg: string; input: string; schema: Schema; required: boolean }[] {
  const properties = f.operation.input.properties as Record<string, Schema>;
  const required = new Set(f.operation.input.required ?? []);
  const renamed = new Map(Object.entries(f.args ?? {}).map(([arg, input]) => [input, arg]));
  return Object.entries(properties)
    .filter(([input]) => !(input in (f.parent ?? {})))
    .map(([input, schema]) => ({ arg: renamed.get(input) ?? input, input, schema, required: required.has(input) }));
}

const literal = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** One argument (or input object field) in SDL: `name: Type! = default`. */
function argumentSdl(builder: SdlBuilder, a: { arg: string; schema: Schema; required: boolean }, indent: string): string {
  const type = argumentType(builder, a.schema);
  const fallback = literal(a.schema.default);
  const value = fallback === '' ? '' : ` = ${fallback}`;
  return `${describe(a.schema, indent) || indent}${a.arg}: ${type}${a.required && fallback === '' ? '!' : ''}${value}`;
}

/** The SDL of a field (and of the input object type it takes, if any). */
export function fieldSdl(builder: SdlBuilder, f: GraphqlField): { field: string; inputs: string[] } {
  const op = f.operation;
  const args = argumentsOf(f);
  const inputs: string[] = [];
  let signature = '';
  if (f.inputObject) {
    const fields = args.map((a) => argumentSdl(builder, { ...a, required: false }, '  ')).join('\n');
    inputs.push(`"Which ${f.name} to list."\ninput ${f.inputObject.type} {\n${fields}\n}`);
    signature = `(${f.inputObject.arg}: ${f.inputObject.type})`;
  } else if (args.length > 0) {
    signature = `(\n${args.map((a) => argumentSdl(builder, a, '    ')).join('\n')}\n  )`;
  }
  const schema = (f.result === undefined ? op.output : (op.output.properties as Record<string, TSchema>)[f.result]) as unknown as Schema;
  let type = f.returns;
  if (type === undefined) {
    // An operation that answers nothing (204 over REST) answers true once done.
    const answer =
      schema.type === 'null'
        ? { type: 'Boolean', nullable: false }
        : builder.fieldType(`${op.name[0]?.toUpperCase()}${op.name.slice(1)}Result`, schema);
    type = `${answer.type}${answer.nullable ? '' : '!'}`;
  }
  const description = { description: op.description === undefined ? op.summary : `${op.summary} ${op.description}` };
  return { field: `${describe(description, '  ')}${f.name}${signature}: ${type}`, inputs };
}

/** The resolver of a field: arguments (and parent fields) to input, one call of the operation, the answer shaped. */
export function fieldResolver(operations: Operations, f: GraphqlField) {
  const op = f.operation;
  const args = argumentsOf(f);
  return async (parent: Record<string, unknown> | undefined, given: Record<string, unknown>, context: GraphqlContext) => {
    const source = f.inputObject ? ((given[f.inputObject.arg] ?? {}) as Record<string, unknown>) : given;
    const input: Record<string, unknown> = {};
    // GraphQL's null stands for "not given" in an optional argument.
    for (const a of args) if (source[a.arg] !== undefined && source[a.arg] !== null) input[a.input] = source[a.arg];
    for (const [name, from] of Object.entries(f.parent ?? {})) {
      // A parent without the id (a campaign member with no character) has nothing to show here.
      if (parent?.[from] === null || parent?.[from] === undefined) return null;
      input[name] = parent[from];
    }
    const ran = await operations.invoke(op, credentialsIn(context), input, { charged: false });
    if (ran.position !== null && (context.logPosition === undefined || comparePositions(ran.position, context.logPosition) > 0)) {
      context.logPosition = ran.position;
    }
    const output = ran.output as Record<string, unknown> | null;
    if (output === null) return true;
    const value = f.result === undefined ? output : output[f.result];
    return f.shape ? f.shape(value, input, context) : value;
  };
}
