// What an operation is: one thing a client can do, whichever protocol it speaks. REST routes and GraphQL fields are
// thin adapters over operations; validation, the rate limit and the auth check happen here once, for both.
import type { Seat } from '@delve/kernel';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { OperationContext } from './context';

/** The credentials an operation accepts; `anonymous` means it may also be called with none. */
export type Credential = 'anonymous' | 'seatToken' | 'playerKey' | 'adminKey';

/** Which budget a call spends: reads and writes are counted apart, so polling never starves moves. */
export type Budget = 'read' | 'write';

/** What a caller presented, from HTTP headers or a WebSocket connection_init payload. */
export interface Credentials {
  readonly authorization?: string | undefined;
  readonly adminKey?: string | undefined;
  /** The client's address (the rate limit of callers without a credential of their own). */
  readonly address: string;
}

/** Who is calling, once the operation's declared credentials were checked against what was presented. */
export type Caller =
  | { readonly kind: 'anonymous' }
  /**
   * `tokenHash`: the token presented, for writes to check again on the record they decide on (it may be revoked).
   * `since`: the game streams' mark taken before the token was checked on the game (see `freshness`).
   */
  | { readonly kind: 'seat'; readonly gameId: string; readonly seat: Seat; readonly tokenHash?: string; readonly since?: number }
  | { readonly kind: 'player'; readonly player: string }
  | { readonly kind: 'admin' };

/** Groups of operations, by what clients do with them (the contract's tags). */
export type OperationGroup = 'modules' | 'games' | 'play' | 'players' | 'characters' | 'campaigns' | 'matchmaking' | 'webhooks';

/**
 * One operation: its input and output as TypeBox schemas, what it costs, who may call it, and the function that does
 * it. `run` gets input that passed its schema (defaults filled in) and a caller that passed `auth`.
 */
export interface Operation<I extends TObject = TObject, O extends TSchema = TSchema> {
  /** The operationId of the contract (and the GraphQL field's default name). */
  readonly name: string;
  readonly group: OperationGroup;
  readonly summary: string;
  readonly description?: string;
  readonly budget: Budget;
  /** The credentials it accepts, any of them. The declaration is the check: `authorize` enforces exactly this. */
  readonly auth: readonly Credential[];
  /**
   * The input field naming the game the call is about: a seat token must hold a seat in that game, and counts against
   * its seat's own budget only on calls about it. Required for operations that take seat tokens.
   */
  readonly gameField?: string;
  readonly input: I;
  readonly output: O;
  /**
   * Error statuses it may answer besides the ones every operation may: 400 for malformed input, 429, 503 (unless it
   * answers from memory) and, over REST, 413 and 415 for a body the server will not read.
   */
  readonly problems: readonly number[];
  /** It answers from what the server holds in memory (the loaded modules): never 503. */
  readonly inMemory?: true;
  run(context: OperationContext, caller: Caller, input: Static<I>): Promise<Static<O>>;
  /**
   * For operations that hand out a credential (a seat token, a player key): the credential and whom it acts for, so
   * the rate limit counts its very first call against its own client.
   */
  issues?(input: Static<I>, output: Static<O>): { readonly token: string | null; readonly caller: Caller } | undefined;
}

/** Any operation, with its types erased, as the adapters and the registry hold them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<TObject, any>;

/** Declare an operation (types inferred from its schemas). */
export function operation<I extends TObject, O extends TSchema>(spec: Operation<I, O>): Operation<I, O> {
  if (spec.auth.includes('seatToken') && spec.gameField === undefined) {
    throw new Error(`operation ${spec.name} takes seat tokens but names no gameField`);
  }
  return spec;
}
