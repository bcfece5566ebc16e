// Webhooks in PostgreSQL (migration 005): registrations, their outbox of deliveries as the deliverer takes them (the
// head of each webhook's subject only, so a game's deliveries keep their order), and the delivery log of attempts.
import type { Sql } from 'postgres';

/** A registration as stored (the secret is read only by the deliverer). */
export interface WebhookRow {
  readonly id: string;
  /** The player it belongs to; null for the operator's. */
  readonly owner: string | null;
  readonly url: string;
  readonly events: readonly string[];
  readonly createdAt: string;
  readonly disabledAt: string | null;
  readonly disabledReason: string | null;
}

/** How many of a webhook's deliveries stand where. */
export interface DeliveryCounts {
  readonly pending: number;
  readonly delivered: number;
  readonly failed: number;
}

export interface AttemptRow {
  readonly attempt: number;
  readonly at: string;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  readonly retryInMs: number | null;
}

export interface DeliveryRow {
  readonly id: string;
  readonly event: string;
  readonly subject: string;
  readonly data: unknown;
  readonly createdAt: string;
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: AttemptRow[];
  readonly nextAttemptAt: string | null;
  readonly deliveredAt: string | null;
}

/** A delivery due now, with what the deliverer needs to send it. */
export interface DueDelivery {
  readonly id: string;
  readonly webhookId: string;
  readonly url: string;
  readonly secret: string;
  readonly event: string;
  readonly data: unknown;
  readonly createdAt: string;
  /** Attempts made so far. */
  readonly attempts: number;
}

/** The outcome of one attempt, as the deliverer settles it. */
export interface AttemptOutcome {
  readonly delivery: Pick<DueDelivery, 'id' | 'webhookId' | 'attempts'>;
  readonly at: string;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
  /** delivered; retry at `retryAt` (after `retryInMs`, jitter included); or failed for good. */
  readonly result:
    | { readonly kind: 'delivered' }
    | { readonly kind: 'retry'; readonly retryAt: string; readonly retryInMs: number }
    | { readonly kind: 'failed' };
  /** Disable the webhook, for this reason (its delivery failed for good). */
  readonly disable?: string;
}

type Row = {
  id: string;
  owner: string | null;
  url: string;
  events: string[];
  created_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
};
const webhookOf = (r: Row): WebhookRow => ({
  id: r.id,
  owner: r.owner,
  url: r.url,
  events: r.events,
  createdAt: r.created_at.toISOString(),
  disabledAt: r.disabled_at?.toISOString() ?? null,
  disabledReason: r.disabled_reason,
});

export class PostgresWebhooks {
  constructor(private readonly sql: Sql) {}

  /** Register a webhook (created now, by the database's clock, unless `createdAt` says when). */
  async create(webhook: {
    id: string;
    owner: string | null;
    url: string;
    events: readonly string[];
    secret: string;
    createdAt?: string;
  }): Promise<WebhookRow> {
    const [row] = await this.sql<Row[]>`
      insert into webhooks (id, owner, url, events, secret, created_at)
      values (${webhook.id}, ${webhook.owner}, ${webhook.url}, ${webhook.events as string[]}::text[], ${webhook.secret},
              coalesce(${webhook.createdAt ?? null}::timestamptz, now()))
      returning id, owner, url, events, created_at, disabled_at, disabled_reason`;
    return webhookOf(row as Row);
  }

  /** How many webhooks an owner has (null: the operator's). */
  async count(owner: string | null): Promise<number> {
    const [row] = await this.sql<{ n: number }[]>`
      select count(*)::int as n from webhooks where ${owner === null ? this.sql`owner is null` : this.sql`owner = ${owner}`}`;
    return row?.n ?? 0;
  }

  /** An owner's webhooks, newest first; `undefined`: everyone's. */
  async list(owner: string | null | undefined, limit = 100): Promise<WebhookRow[]> {
    const where = owner === undefined ? this.sql`` : owner === null ? this.sql`where owner is null` : this.sql`where owner = ${owner}`;
    const rows = await this.sql<Row[]>`
      select id, owner, url, events, created_at, disabled_at, disabled_reason from webhooks ${where}
       order by created_at desc, id limit ${limit}`;
    return rows.map(webhookOf);
  }

  async get(id: string): Promise<WebhookRow | null> {
    const [row] = await this.sql<Row[]>`
      select id, owner, url, events, created_at, disabled_at, disabled_reason from webhooks where id = ${id}`;
    return row ? webhookOf(row) : null;
  }

  /** Delete a webhook with its deliveries and their attempts; false when there was none. */
  async delete(id: string): Promise<boolean> {
    const rows = await this.sql`delete from webhooks where id = ${id} returning id`;
    return rows.length > 0;
  }

  async counts(id: string): Promise<DeliveryCounts> {
    const rows = await this.sql<{ status: keyof DeliveryCounts; n: number }[]>`
      select status, count(*)::int as n from webhook_deliveries where webhook_id = ${id} group by status`;
    const n = (status: keyof DeliveryCounts) => rows.find((r) => r.status === status)?.n ?? 0;
    return { pending: n('pending'), delivered: n('delivered'), failed: n('failed') };
  }

  /** A webhook's deliveries, newest first, each with its attempts; `before` (a cursor) starts after that one. */
  async deliveries(id: string, limit: number, before: bigint | null): Promise<{ items: DeliveryRow[]; next: bigint | null }> {
    const rows = await this.sql<
      {
        cursor: string;
        id: string;
        event: string;
        subject: string;
        data: unknown;
        created_at: Date;
        status: DeliveryRow['status'];
        next_attempt_at: Date;
        delivered_at: Date | null;
        attempts: {
          attempt: number;
          at: string;
          status_code: number | null;
          error: string | null;
          duration_ms: number;
          retry_in_ms: number | null;
        }[];
      }[]
    >`
      select d.seq::text as cursor, d.id, d.event, d.subject, d.data, d.created_at, d.status, d.next_attempt_at, d.delivered_at,
             coalesce((select json_agg(a order by a.attempt) from webhook_attempts a where a.delivery_id = d.id), '[]'::json) as attempts
        from webhook_deliveries d
       where d.webhook_id = ${id} ${before === null ? this.sql`` : this.sql`and d.seq < ${String(before)}::bigint`}
       order by d.seq desc limit ${limit + 1}`;
    const items = rows.slice(0, limit).map((r): DeliveryRow => ({
      id: r.id,
      event: r.event,
      subject: r.subject,
      data: r.data,
      createdAt: r.created_at.toISOString(),
      status: r.status,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
      deliveredAt: r.delivered_at?.toISOString() ?? null,
      attempts: r.attempts.map((a) => ({
        attempt: a.attempt,
        at: new Date(a.at).toISOString(),
        statusCode: a.status_code,
        error: a.error,
        durationMs: a.duration_ms,
        retryInMs: a.retry_in_ms,
      })),
    }));
    const last = rows[limit - 1];
    return { items, next: rows.length > limit && last ? BigInt(last.cursor) : null };
  }

  /**
   * Deliveries due by `now` that head their webhook's subject (nothing earlier of the same game still pending) and are
   * not in flight already, oldest first: a later event of a game waits for the earlier one's success or final failure.
   */
  async due(now: string, limit: number, inFlight: readonly string[]): Promise<DueDelivery[]> {
    const rows = await this.sql<
      { id: string; webhook_id: string; url: string; secret: string; event: string; data: unknown; created_at: Date; attempts: number }[]
    >`
      select d.id, d.webhook_id, w.url, w.secret, d.event, d.data, d.created_at, d.attempts
        from webhook_deliveries d join webhooks w on w.id = d.webhook_id
       where d.status = 'pending' and d.next_attempt_at <= ${now} and w.disabled_at is null
         and not (d.id = any(${inFlight as string[]}::uuid[]))
         and not exists (select 1 from webhook_deliveries e
                          where e.webhook_id = d.webhook_id and e.subject = d.subject and e.status = 'pending' and e.seq < d.seq)
       order by d.next_attempt_at, d.seq limit ${limit}`;
    return rows.map((r) => ({
      id: r.id,
      webhookId: r.webhook_id,
      url: r.url,
      secret: r.secret,
      event: r.event,
      data: r.data,
      createdAt: r.created_at.toISOString(),
      attempts: r.attempts,
    }));
  }

  /**
   * Settle one attempt: log it, move the delivery on, and disable the webhook when told to. Only if the delivery is
   * still pending at the attempts it was taken at (false otherwise: another deliverer settled that attempt first).
   */
  async record(outcome: AttemptOutcome): Promise<boolean> {
    const { delivery, result } = outcome;
    return this.sql.begin(async (tx) => {
      const status = result.kind === 'retry' ? 'pending' : result.kind;
      const next = result.kind === 'retry' ? result.retryAt : outcome.at;
      const moved = await tx`
        update webhook_deliveries
           set attempts = attempts + 1, status = ${status}, next_attempt_at = ${next},
               delivered_at = ${result.kind === 'delivered' ? outcome.at : null}
         where id = ${delivery.id} and status = 'pending' and attempts = ${delivery.attempts}
         returning id`;
      if (moved.length === 0) return false;
      await tx`
        insert into webhook_attempts (delivery_id, attempt, at, status_code, error, duration_ms, retry_in_ms)
        values (${delivery.id}, ${delivery.attempts + 1}, ${outcome.at}, ${outcome.statusCode}, ${outcome.error},
                ${Math.round(outcome.durationMs)}, ${result.kind === 'retry' ? result.retryInMs : null})`;
      if (outcome.disable !== undefined) {
        await tx`
          update webhooks set disabled_at = ${outcome.at}, disabled_reason = ${outcome.disable}
           where id = ${delivery.webhookId} and disabled_at is null`;
      }
      return true;
    });
  }
}
