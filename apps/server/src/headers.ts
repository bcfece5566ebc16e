// The response headers of the contract, declared once: openapi.yaml documents them from here, the server sends them by
// these names, and CORS exposes exactly these to browsers.
import type { BudgetState } from './operations/limits';

/** A header's name and what it says. */
export interface HeaderDoc {
  readonly description: string;
  readonly schema: { readonly type: 'string' | 'integer' };
}

/** Sent on every response. */
export const REQUEST_ID: Readonly<Record<string, HeaderDoc>> = {
  'X-Request-Id': {
    description: 'The id of this request in the server log: the one sent in X-Request-Id if it was sane, else a new one.',
    schema: { type: 'string' },
  },
};

/** Sent on every response of an operation (every route but /health and /ready), from the caller's own bucket. */
export const BUDGET: Readonly<Record<string, HeaderDoc & { readonly value: (state: BudgetState) => number }>> = {
  'X-RateLimit-Limit': {
    description: 'The most calls of this budget (reads or writes) the caller may make at once: its bucket’s size.',
    schema: { type: 'integer' },
    value: (state) => state.limit,
  },
  'X-RateLimit-Remaining': {
    description: 'Calls of this budget the caller may still make now, after this one.',
    schema: { type: 'integer' },
    value: (state) => state.remaining,
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the caller’s bucket of this budget is full again.',
    schema: { type: 'integer' },
    value: (state) => state.reset,
  },
};

/** Sent with 429 and 503. */
export const RETRY_AFTER: Readonly<Record<string, HeaderDoc>> = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
};

/** Sent on every successful write (see ADR 0036). */
export const LOG_POSITION: Readonly<Record<string, HeaderDoc>> = {
  'X-Log-Position': {
    description:
      'A position in the event log at or past this write (and the state it was decided on). Pass it as `after` to a ' +
      'read served from a read model (the games list, players, characters, campaigns, tickets) to read your own write.',
    schema: { type: 'string' },
  },
};

/** Headers routes declare one by one (a created resource's Location, an ETag, a replayed idempotent answer). */
export const ROUTE_HEADERS = ['Location', 'ETag', 'Idempotent-Replayed'] as const;

/** Every response header a browser client may read (CORS exposes these and no others). */
export const EXPOSED: readonly string[] = [
  ...Object.keys(REQUEST_ID),
  ...Object.keys(BUDGET),
  ...Object.keys(RETRY_AFTER),
  ...Object.keys(LOG_POSITION),
  ...ROUTE_HEADERS,
].map((name) => name.toLowerCase());
