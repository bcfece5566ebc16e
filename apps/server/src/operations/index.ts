// Every operation a client can call, grouped by what clients do, and the one way to call one: validate the input,
// spend the caller's budget, check the declared credentials, run. The REST routes and GraphQL fields call `invoke`.
import type { Position } from '@delve/kernel';
import type { WrittenPosition } from '../positions';
import { authorize, bearerToken } from './access';
import * as campaigns from './campaigns';
import * as characters from './characters';
import type { OperationContext } from './context';
import * as discovery from './discovery';
import { parseInput } from './input';
import type { RateLimiter } from './limits';
import * as lobby from './lobby';
import * as matchmaking from './matchmaking';
import * as notifications from './notifications';
import type { AnyOperation, Caller, Credentials } from './operation';
import * as play from './play';
import * as players from './players';

export const operations = {
  ...discovery,
  ...lobby,
  ...play,
  ...players,
  ...characters,
  ...campaigns,
  ...matchmaking,
  ...notifications,
} satisfies Record<string, AnyOperation>;
export type OperationName = keyof typeof operations;

/** A call that passed validation, the rate limit and the auth check: its input and who is calling. */
export interface Admitted {
  readonly input: Record<string, unknown>;
  readonly caller: Caller;
}

/** How a call came in: REST spends the budget in a hook before the body is read; GraphQL spends it here. */
export interface CallOptions {
  readonly charged: boolean;
}

/** What a call answered, and for a write a log position at or past it (null: a read, or no log to ask). */
export interface Ran {
  readonly output: unknown;
  readonly position: Position | null;
}

/** Told how each admitted call ended (the server's metrics): `error` null when it succeeded. */
export type OperationObserver = (op: AnyOperation, input: Readonly<Record<string, unknown>>, error: unknown) => void;

/** Calls operations for one app: its context, its rate limiter, and where the event log ends. */
export class Operations {
  constructor(
    readonly context: OperationContext,
    readonly limiter: RateLimiter,
    /** The position a write answers (ADR 0058); without it a write answers none. */
    private readonly writtenPosition?: WrittenPosition,
    private readonly observe?: OperationObserver,
  ) {}

  /**
   * Everything before `op` runs, the same for every protocol: spend the caller's budget (unless the protocol already
   * did), validate the input, and check the credentials `op` declares against those presented.
   */
  async admit(op: AnyOperation, credentials: Credentials, raw: unknown, options: CallOptions): Promise<Admitted> {
    if (!options.charged) {
      this.limiter.charge(op.budget, credentials, gameOf(op, raw));
      await this.limiter.chargeShared(op.budget, credentials, gameOf(op, raw));
    }
    const input = parseInput<Record<string, unknown>>(op.input, raw);
    const caller = await authorize(op, credentials, input, this.context);
    if (caller.kind === 'seat' || caller.kind === 'player') {
      const token = bearerToken(credentials.authorization);
      if (token !== null) this.limiter.remember(token, caller);
    }
    return { input, caller };
  }

  /**
   * Run an admitted call. A write answers with a log position at or past everything it appended or decided on (ADR
   * 0036, ADR 0058), for the caller to read its own write.
   */
  async run(op: AnyOperation, admitted: Admitted): Promise<Ran> {
    const output = await this.execute(op, admitted);
    return { output, position: op.budget === 'write' ? ((await this.writtenPosition?.()) ?? null) : null };
  }

  private async execute(op: AnyOperation, { input, caller }: Admitted): Promise<unknown> {
    // A seat that calls is connected (presence), whatever it calls.
    if (caller.kind === 'seat') this.context.presence.touch(caller.gameId, caller.seat);
    let output: unknown;
    try {
      output = await op.run(this.context, caller, input);
    } catch (error) {
      this.observe?.(op, input, error);
      throw error;
    }
    this.observe?.(op, input, null);
    const issued = op.issues?.(input, output);
    if (issued?.token) this.limiter.remember(issued.token, issued.caller);
    return output;
  }

  /** Admit and run a call: what a GraphQL field does. */
  async invoke(op: AnyOperation, credentials: Credentials, raw: unknown, options: CallOptions): Promise<Ran> {
    return this.run(op, await this.admit(op, credentials, raw, options));
  }
}

/** The game a call is about, as given (before validation: a rate limit counts malformed calls too). */
export function gameOf(op: AnyOperation, raw: unknown): string | null {
  if (op.gameField === undefined || typeof raw !== 'object' || raw === null) return null;
  const value = (raw as Record<string, unknown>)[op.gameField];
  return typeof value === 'string' ? value : null;
}

export type { AnyOperation, Caller, Credential, Credentials, Operation } from './operation';
export type { OperationContext } from './context';
