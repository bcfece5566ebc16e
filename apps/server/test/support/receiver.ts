// A webhook receiver on loopback for tests and benches: it records every request (headers, body, when), answers each
// with the status a policy chooses, and lets a caller wait until what it received satisfies a condition.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { bearer, http } from './processes';

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body parsed (a WebhookPayload). */
  readonly payload: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  /** When it arrived (ms since the epoch). */
  readonly at: number;
  /** The status it was answered with. */
  readonly status: number;
}

export interface Receiver {
  /** http://127.0.0.1:<port> */
  readonly base: string;
  readonly received: Received[];
  /** Resolve once `probe` holds of what was received (checked at each request and at once); reject after `ms`. */
  until(what: string, probe: (received: readonly Received[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Start a receiver answering each request with `policy(request, its index)` (default 200), after `delayMs`. */
export async function startReceiver(
  policy: (request: Omit<Received, 'status'>, index: number) => number = () => 200,
  delayMs = 0,
): Promise<Receiver> {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const arrived = { headers: request.headers, body, payload: JSON.parse(body), at: Date.now() };
      const status = policy(arrived, received.length);
      const answer = () => {
        received.push({ ...arrived, status });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
        for (const wake of waiters) wake();
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    until: (what, probe, ms = 60_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!probe(received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what} (${received.length} requests received)`));
        }, ms);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The first successful receipt of each delivery id, in the order they came. */
export function firstDeliveries(received: readonly Received[]): Received[] {
  const seen = new Set<string>();
  return received.filter((r) => r.status < 300 && !seen.has(r.payload.id) && seen.add(r.payload.id));
}

/**
 * Whether each game's deliveries were first received in the order of its events: their revisions never go back
 * (a delivery repeated after a crash may come again, but never after a later one of its game).
 */
export function inOrderPerGame(received: readonly Received[]): { ok: boolean; games: number; outOfOrder: string[] } {
  const last = new Map<string, number>();
  const outOfOrder: string[] = [];
  for (const r of firstDeliveries(received)) {
    const { gameId, revision } = r.payload.data as { gameId?: string; revision?: number };
    if (gameId === undefined || revision === undefined) continue;
    if ((last.get(gameId) ?? -1) > revision) outOfOrder.push(`${gameId}@${revision}`);
    last.set(gameId, Math.max(last.get(gameId) ?? -1, revision));
  }
  return { ok: outOfOrder.length === 0, games: last.size, outOfOrder };
}

/** What a delivery is about, as `playExpecting` names the events it expects: game:type:seat:revision. */
export const deliveryKey = (r: Pick<Received, 'payload'>): string =>
  `${String(r.payload.data.gameId)}:${r.payload.type}:${String(r.payload.data.seat ?? '-')}:${String(r.payload.data.revision)}`;

/**
 * A two-seat toy game played over HTTP on `base`, each seat drawing once and then standing, its seats claimed with
 * these player keys (else anonymously); returns what an operator's webhook must be told of it (as deliveryKey names
 * them), from what the game itself answered: each seat that became awaited, at its revision, and the end.
 */
export async function playExpecting(base: string, keys: readonly string[] = []): Promise<string[]> {
  const game = (await http(base, 'POST', '/games', { module: 'toy', seats: 2 })).body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < 2; i++) tokens.push((await http(base, 'POST', `/games/${game}/seats`, {}, bearer(keys[i]))).body.token);
  const expected: string[] = [];
  const drew = new Set<number>();
  let awaited: number | null = null;
  for (;;) {
    const summary = (await http(base, 'GET', `/games/${game}`)).body;
    if (summary.status !== 'active') return [...expected, `${game}:game.finished:-:${summary.revision}`];
    const seat = summary.awaiting[0] as number;
    if (seat !== awaited) expected.push(`${game}:turn:${seat}:${summary.revision}`);
    awaited = seat;
    const type = drew.has(seat) ? 'Stand' : 'Draw';
    drew.add(seat);
    const answer = await http(base, 'POST', `/games/${game}/commands`, { type }, bearer(tokens[seat]));
    if (answer.status !== 200) throw new Error(`refused: ${JSON.stringify(answer.body)}`);
  }
}
