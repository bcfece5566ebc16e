// Bots that play toy games through servers that may die under them, and the check that nothing they were told was
// recorded went missing: the load of the fault and cluster tests.
import { randomUUID } from 'node:crypto';
import { bearer, http, type Answer } from './processes';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The admin key the servers under load are started with: the check reads every game's full log. */
export const ADMIN_KEY = 'fault-test-admin-key-0123456789';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One acknowledged command: the game, and the revision and type of each event its 200 named. */
export interface Ack {
  game: string;
  key: string;
  /** When the attempt that was acknowledged was sent, and when its answer came. */
  sent: number;
  at: number;
  events: { revision: number; type: string }[];
  replayed: boolean;
}

/**
 * Bots playing one-seat toy games as fast as they can, each command under an Idempotency-Key that a retry reuses
 * (after a refused connection or a 503) until the command is answered. `nodes` are tried in turn.
 */
export class Load {
  readonly acks: Ack[] = [];
  sent = 0;
  unavailable = 0;
  refused = 0;
  errors500: string[] = [];
  /** Requests that took more than 2 s to answer (or to fail). */
  readonly slow: string[] = [];
  private stopping = false;
  private bots: Promise<void>[] = [];

  constructor(private readonly nodes: () => string[]) {}

  start(count: number): void {
    for (let i = 0; i < count; i++) this.bots.push(this.bot(i));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.bots);
  }

  /** When the first command sent after `since` (ms since the epoch) was acknowledged, or null. */
  firstAckAfter(since: number): number | null {
    const after = this.acks.filter((a) => a.sent > since).map((a) => a.at);
    return after.length === 0 ? null : Math.min(...after);
  }

  /** Send until answered: a refused connection, a timeout or a 503 is retried with the same key and body. */
  private async answered(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    turn: number,
  ): Promise<(Answer & { sent: number }) | null> {
    for (let attempt = 0; ; attempt++) {
      if (this.stopping && attempt > 0) return null;
      const nodes = this.nodes();
      const base = nodes[(turn + attempt) % nodes.length] as string;
      this.sent++;
      const began = Date.now();
      try {
        const answer = await http(base, method, path, body, headers);
        if (Date.now() - began > 2000)
          this.slow.push(`${method} ${path.replace(/[0-9a-f-]{36}/, '…')} → ${answer.status} after ${Date.now() - began} ms`);
        if (answer.status === 503) this.unavailable++;
        else if (answer.status >= 500) this.errors500.push(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
        else return { ...answer, sent: began };
      } catch (error) {
        this.refused++;
        if (Date.now() - began > 2000)
          this.slow.push(`${method} ${path.replace(/[0-9a-f-]{36}/, '…')} → ${String(error)} after ${Date.now() - began} ms`);
      }
      await pause(50);
    }
  }

  private async bot(index: number): Promise<void> {
    let turn = index;
    while (!this.stopping) {
      const created = await this.answered('POST', '/games', { module: 'toy', seats: 1 }, { 'idempotency-key': randomUUID() }, turn++);
      if (created?.status !== 201) continue;
      const game = created.body.id as string;
      const claimed = await this.answered('POST', `/games/${game}/seats`, { seat: 0 }, {}, turn++);
      if (claimed?.status !== 201 && claimed?.status !== 200) continue;
      const token = claimed.body.token as string;
      for (let move = 0; move < 30 && !this.stopping; move++) {
        const type = move < 4 ? 'Draw' : 'Stand';
        const key = randomUUID();
        const answer = await this.answered(
          'POST',
          `/games/${game}/commands`,
          { type },
          { ...bearer(token), 'idempotency-key': key },
          turn++,
        );
        if (answer === null) break;
        if (answer.status !== 200) {
          if (type === 'Stand') break;
          continue; // a draw the rules refuse (the hand is full): stand instead
        }
        const events = (answer.body.events as Json[]).map((e) => ({ revision: e.revision as number, type: e.type as string }));
        this.acks.push({ game, key, sent: answer.sent, at: Date.now(), events, replayed: answer.body.replayed === true });
        if (type === 'Stand') break;
      }
    }
  }
}

/** Every acknowledged event against the log as the auditor reads it; forks, holes and failed audits. */
export async function verify(base: string, acks: readonly Ack[]) {
  const games = [...new Set(acks.map((a) => a.game))];
  let lost = 0;
  let changed = 0;
  let duplicated = 0;
  let forks = 0;
  let audited = 0;
  const notVerified: string[] = [];
  const admin = { 'x-admin-key': ADMIN_KEY };
  for (const game of games) {
    const log = (await http(base, 'GET', `/games/${game}/events?from=0&limit=1000`, undefined, admin)).body.items as Json[];
    const types = new Map(log.map((e) => [e.revision as number, e.type as string]));
    if (log.some((e, i) => e.revision !== i)) forks++; // revisions are 0..n without a gap or a repeat
    const claimed = new Map<number, string>();
    for (const ack of acks.filter((a) => a.game === game)) {
      for (const e of ack.events) {
        if (!types.has(e.revision)) lost++;
        else if (types.get(e.revision) !== e.type) changed++;
        // Two different commands acknowledged with the same revision would be a fork; a replayed key names its own.
        const owner = claimed.get(e.revision);
        if (owner !== undefined && owner !== ack.key) duplicated++;
        claimed.set(e.revision, ack.key);
      }
    }
    const summary = (await http(base, 'GET', `/games/${game}`)).body;
    if (summary.status === 'finished') {
      audited++;
      const audit = (await http(base, 'GET', `/games/${game}/audit`)).body;
      if (audit.verdict !== 'verified') notVerified.push(`${game}: ${audit.verdict}`);
    }
  }
  return { games: games.length, lost, changed, duplicated, forks, audited, notVerified };
}
