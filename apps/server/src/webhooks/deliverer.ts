// The deliverer: takes each webhook's due deliveries from the outbox (the head of each game only), POSTs them signed,
// and settles every attempt in the delivery log: delivered, retried after an exponential backoff with jitter drawn from
// the server's randomness (and recorded), or failed for good, which disables the webhook with the reason.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { AttemptOutcome, DueDelivery, PostgresWebhooks } from '@delve/store-postgres';
import type { WebhookSettings } from '../config';
import { payloadOf, signature } from './payload';
import { guardedLookup, hostOf, isPrivateAddress, PrivateTargetError, systemResolver, type Resolver } from './targets';

/** One POST to a webhook: its answer's status, or a thrown error when there was none. */
export type Sender = (request: {
  readonly url: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}) => Promise<{ readonly statusCode: number }>;

/** The longest wait between two attempts. */
export const MAX_BACKOFF_MS = 3_600_000;

/** The wait after failed attempt `n` (1-based): the base doubled per attempt, capped, times 0.5 + `random` (0 ≤ random < 1). */
export function backoffMs(n: number, baseMs: number, random: number): number {
  const nominal = Math.min(baseMs * 2 ** (n - 1), MAX_BACKOFF_MS);
  return Math.max(1, Math.round(nominal * (0.5 + random)));
}

/** Errors as the delivery log shows them: short, and never a header or a secret. */
const described = (error: unknown): string =>
  (error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error)).slice(0, 300);

export interface DelivererDeps {
  readonly queue: Pick<PostgresWebhooks, 'due' | 'record'>;
  readonly settings: WebhookSettings;
  readonly send: Sender;
  readonly clock: () => Date;
  /** The server's randomness for the backoff's jitter (0 ≤ r < 1). */
  readonly random: () => number;
  /** Attempts in flight at once (default 32). */
  readonly concurrency?: number;
  readonly onError?: (error: unknown) => void;
}

export class Deliverer {
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(private readonly deps: DelivererDeps) {}

  /** Start every due delivery that heads its game and is not in flight yet; resolves once those are settled. */
  async step(): Promise<number> {
    const started = await this.start();
    await Promise.all(started);
    return started.length;
  }

  /**
   * Start every due delivery that heads its game and is not in flight yet, without waiting for them (one call at a
   * time: what is in flight is known only once this resolves). Returns the attempts started.
   */
  async start(): Promise<Promise<void>[]> {
    const room = (this.deps.concurrency ?? 32) - this.inFlight.size;
    if (room <= 0) return [];
    const due = await this.deps.queue.due(this.deps.clock().toISOString(), room, [...this.inFlight.keys()]);
    return due.map((delivery) => {
      const attempt = this.attempt(delivery)
        .catch((error: unknown) => this.deps.onError?.(error))
        .finally(() => this.inFlight.delete(delivery.id));
      this.inFlight.set(delivery.id, attempt);
      return attempt;
    });
  }

  /** Wait for every attempt in flight. */
  async idle(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }

  /** One attempt: POST the signed payload, then settle it (a settlement another deliverer made first stands). */
  private async attempt(delivery: DueDelivery): Promise<void> {
    const { settings, clock } = this.deps;
    const body = JSON.stringify(payloadOf(delivery));
    const at = clock();
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      ({ statusCode } = await this.deps.send({
        url: delivery.url,
        body,
        timeoutMs: settings.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Delve-Webhooks/1',
          'delve-delivery': delivery.id,
          'delve-event': delivery.event,
          'delve-webhook': delivery.webhookId,
          'delve-signature': signature(delivery.secret, Math.floor(at.getTime() / 1000), body),
        },
      }));
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
    } catch (thrown) {
      error = described(thrown);
    }
    const n = delivery.attempts + 1;
    const outcome = { delivery, at: at.toISOString(), statusCode, error, durationMs: performance.now() - started };
    if (error === null) {
      await this.deps.queue.record({ ...outcome, result: { kind: 'delivered' } });
    } else if (n >= settings.maxAttempts) {
      const disable = `delivery ${delivery.id} (${delivery.event}) failed ${n} times; the last attempt: ${error}`;
      await this.deps.queue.record({ ...outcome, result: { kind: 'failed' }, disable });
    } else {
      const retryInMs = backoffMs(n, settings.retryBaseMs, this.deps.random());
      const retryAt = new Date(clock().getTime() + retryInMs).toISOString();
      await this.deps.queue.record({ ...outcome, result: { kind: 'retry', retryAt, retryInMs } } satisfies AttemptOutcome);
    }
  }
}

/**
 * POSTs over node:http(s): to a literal address only if it is public, to a name only through the guarded lookup (every
 * address it resolves to checked, the socket connecting to a checked one), no redirects followed, and an answer's
 * status taken as soon as its head arrives (the body is drained, not read).
 */
export function httpSender(settings: WebhookSettings, resolve: Resolver = systemResolver): Sender {
  const lookup = guardedLookup(resolve, settings.allowPrivate);
  return ({ url, body, headers, timeoutMs }) =>
    new Promise((done, fail) => {
      const target = new URL(url);
      const host = hostOf(target);
      if (!settings.allowPrivate) {
        if (target.protocol !== 'https:') return fail(new PrivateTargetError('plain http is refused (WEBHOOKS_ALLOW_PRIVATE is off)'));
        if (isIP(host) !== 0 && isPrivateAddress(host)) return fail(new PrivateTargetError(`${host} is a private address: refused`));
      }
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: lookup as never },
        (response) => {
          clearTimeout(timer);
          response.resume();
          done({ statusCode: response.statusCode ?? 0 });
        },
      );
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        fail(error);
      });
      request.end(body);
    });
}
