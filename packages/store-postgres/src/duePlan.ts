// The scheduler's plan in PostgreSQL: the due_actions table, changed in one transaction with the scheduler's
// checkpoint (in the checkpoints table, beside the read models' and the outcome recorder's).
import { SCHEDULER, type DueAction, type DuePlanStore, type PlanChange, type Position } from '@delve/kernel';
import type { Sql, TransactionSql } from 'postgres';
import { holdCheckpoint, moveCheckpoint, readCheckpoint } from './checkpointRow';
import { sha256Key } from './lockKey';

export class PostgresDuePlan implements DuePlanStore {
  constructor(
    private readonly sql: Sql,
    private readonly name = SCHEDULER,
  ) {}

  checkpoint(): Promise<Position | 'start'> {
    return readCheckpoint(this.sql, this.name);
  }

  async commit(changes: readonly PlanChange[], from: Position | 'start', to: Position): Promise<boolean> {
    // The statements of each half are sent together (postgres.js pipelines what a transaction issues at once, and runs
    // it in order): two round trips and the commit, not one per statement (ADR 0051).
    return this.sql.begin(async (tx) => {
      const [, held] = await Promise.all([lockPlan(tx, this.name), holdCheckpoint(tx, this.name, from)]);
      if (!held) return false;
      const { games, kinds, drops, sets } = net(changes);
      const writes: Promise<unknown>[] = [];
      if (games.length > 0) writes.push(tx`delete from due_actions where game_id = any(${games}::text[])`);
      if (kinds.length > 0) {
        writes.push(tx`
          delete from due_actions d using unnest(${kinds.map((k) => k.gameId)}::text[], ${kinds.map((k) => k.kind)}::text[]) as k(game_id, kind)
           where d.game_id = k.game_id and d.kind = k.kind`);
      }
      if (drops.length > 0) {
        writes.push(tx`
          delete from due_actions d
           using unnest(${drops.map((k) => k.gameId)}::text[], ${drops.map((k) => k.kind)}::text[], ${drops.map((k) => k.seat)}::int[])
                 as k(game_id, kind, seat)
           where d.game_id = k.game_id and d.kind = k.kind and d.seat = k.seat`);
      }
      if (sets.length > 0) {
        writes.push(tx`
          insert into due_actions (game_id, kind, seat, due_at, action)
          select game_id, kind, seat, due_at, action::jsonb from unnest(
            ${sets.map((a) => a.gameId)}::text[], ${sets.map((a) => a.kind)}::text[], ${sets.map((a) => a.seat)}::int[],
            ${sets.map((a) => a.due)}::timestamptz[], ${sets.map((a) => JSON.stringify(a))}::text[])
            as t(game_id, kind, seat, due_at, action)
          on conflict (game_id, kind, seat) do update set due_at = excluded.due_at, action = excluded.action`);
      }
      writes.push(moveCheckpoint(tx, this.name, to));
      await Promise.all(writes);
      return true;
    });
  }

  async due(until: string, limit: number): Promise<DueAction[]> {
    const rows = await this.sql<{ action: DueAction }[]>`
      select action from due_actions where due_at <= ${until} order by due_at limit ${limit}`;
    return rows.map((r) => r.action);
  }

  async done(actions: readonly DueAction[]): Promise<void> {
    if (actions.length === 0) return;
    await this.sql.begin(async (tx) => {
      // Each only if it is still the action planned: a newer plan for the same slot stays. Both sent at once (pipelined).
      await Promise.all([
        lockPlan(tx, this.name),
        tx`
        delete from due_actions d using jsonb_array_elements(${tx.json(actions as never)}) as a(action)
         where d.game_id = a.action ->> 'gameId' and d.kind = a.action ->> 'kind' and d.seat = (a.action ->> 'seat')::int
           and d.action = a.action`,
      ]);
    });
  }

  /** When the next action is due (null: nothing planned), so a scheduler can sleep until then. */
  async nextDue(): Promise<string | null> {
    const [row] = await this.sql<{ due: Date }[]>`select min(due_at) as due from due_actions`;
    return row?.due ? row.due.toISOString() : null;
  }
}

/**
 * The plan's writers take turns: a page of changes and a batch of settled actions each delete and write several rows, in
 * orders of their own, and two such transactions at once could deadlock (PostgreSQL then aborts one).
 */
async function lockPlan(tx: TransactionSql, name: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(${sha256Key(`plan:${name}`)}::bigint)`;
}

type Slot = { readonly gameId: string; readonly kind: string; readonly seat: number };

/**
 * A page's changes reduced to what they come to, in four statements' worth: games and kinds to clear, single actions to
 * drop, and actions to set. Deletions run first, so an action set after a clearing in the page survives it.
 */
function net(changes: readonly PlanChange[]) {
  const games = new Set<string>();
  const kinds = new Map<string, { gameId: string; kind: string }>();
  const slots = new Map<string, { slot: Slot; action: DueAction | null }>();
  const key = (s: Slot) => `${s.gameId}/${s.kind}/${s.seat}`;
  for (const change of changes) {
    if ('set' in change) slots.set(key(change.set), { slot: change.set, action: change.set });
    else if ('drop' in change) slots.set(key(change.drop), { slot: change.drop, action: null });
    else if ('dropKind' in change) {
      const { gameId, kind } = change.dropKind;
      kinds.set(`${gameId}/${kind}`, { gameId, kind });
      for (const [k, v] of slots) if (v.slot.gameId === gameId && v.slot.kind === kind) slots.delete(k);
    } else {
      games.add(change.dropGame);
      for (const [k, v] of slots) if (v.slot.gameId === change.dropGame) slots.delete(k);
    }
  }
  const entries = [...slots.values()];
  return {
    games: [...games],
    kinds: [...kinds.values()],
    drops: entries.flatMap((e) => (e.action === null ? [e.slot] : [])),
    sets: entries.flatMap((e) => (e.action === null ? [] : [e.action])),
  };
}
