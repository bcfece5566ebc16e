// A refused request as an error a client can branch on: the server's problem, its stable code, and when to retry.
import type { components } from './schema.js';

export type Problem = components['schemas']['Problem'];

/** A refused request: the problem the server answered with (`code` is stable, `detail` says why). */
export class DelveError extends Error {
  override readonly name = 'DelveError';
  readonly code: string;
  readonly status: number;
  /** Seconds to wait before retrying, from Retry-After (429, 503); null when the server did not say. */
  readonly retryAfter: number | null;
  constructor(
    readonly problem: Problem,
    retryAfter: number | null = null,
  ) {
    super(`${problem.code}: ${problem.detail}`);
    this.code = problem.code;
    this.status = problem.status;
    this.retryAfter = retryAfter;
  }
}

/** Retry-After as seconds: a number of seconds, or an HTTP date from now. */
export function retryAfterOf(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^[0-9]+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The data of an openapi-fetch answer, or the server's problem thrown as a DelveError. */
export async function ok<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await answer;
  if (response.ok) return data as T;
  const problem = (error ?? {}) as Partial<Problem>;
  throw new DelveError(
    {
      type: problem.type ?? 'about:blank',
      title: problem.title ?? response.statusText,
      status: problem.status ?? response.status,
      code: problem.code ?? (`http/${response.status}` as Problem['code']),
      detail: problem.detail ?? 'the server answered without a problem document',
      ...(problem.errors !== undefined && { errors: problem.errors }),
    },
    retryAfterOf(response.headers.get('retry-after')),
  );
}
