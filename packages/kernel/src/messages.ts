// What every module's commands.ts and events.ts build on: one helper per kind of message, and the readonly static type.
import { Type, type Static, type TLiteral, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';

/** A message schema: `{ type: name, ...props }`, closed to other properties; its `type` is the discriminator. */
export type MessageSchema<N extends string, P extends TProperties> = TObject<{ type: TLiteral<N> } & P>;

const message =
  (typeDescription: string) =>
  <N extends string, P extends TProperties>(
    name: N,
    description: string,
    props: P,
    examples?: readonly Static<TObject<P>>[],
  ): MessageSchema<N, P> =>
    Type.Object({ type: Type.Literal(name, { description: typeDescription }), ...props } as { type: TLiteral<N> } & P, {
      additionalProperties: false,
      description,
      // JSON Schema's `examples`: whole messages a client may copy, `type` included.
      ...(examples && { examples: examples.map((example) => ({ type: name, ...example })) }),
    });

/** The schema of one command (imperative name, `PlayPassage`), described for the contract, with examples a server accepts. */
export const defineCommand = message('The command type.');
/** The schema of one event (past tense, `PassagePlayed`), described for the contract. */
export const defineEvent = message('The event type.');

/** `T` with every property and array readonly: states, views and content are never changed in place. */
export type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The static type of a schema, readonly all the way down. */
export type ReadonlyStatic<T extends TSchema> = DeepReadonly<Static<T>>;
