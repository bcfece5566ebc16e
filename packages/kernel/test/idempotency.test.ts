// Idempotency keys: a retry gets the first answer as it was then, a key reused for another request is refused, and
// both hold on a node that never saw the first request.
import t from 'tap';
import { type GameServices, gameStream } from '../src/index';
import { canonicalJson } from '../src/runtime/handler';
import { InMemoryEventStore } from '../src/testing/index';
import { serviceOn } from './support';

async function startedGame(games: GameServices) {
  const { gameId } = await games.lobby.createGame({ module: 'toy', options: {}, seats: 2 });
  for (let seat = 0; seat < 2; seat++) await games.lobby.claimSeat(gameId, {});
  return gameId;
}

t.test('a retried key returns the first answer: its revision, events and view, though the game moved on', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const gameId = await startedGame(games);
  const first = await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'move-1' });
  // The game moves on: seat 1 stands, seat 0 draws again.
  await games.commands.execute(gameId, { type: 'Stand' }, { seat: 1 });
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0 });
  const head = (await games.reads.summary(gameId)).revision;
  t.ok(head > first.revision, 'the game is past the first answer');
  for (const [who, node] of [
    ['the same node', games],
    ['a node with a cold cache', serviceOn(store)],
  ] as const) {
    const retry = await node.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'move-1' });
    t.equal(retry.replayed, true, `${who}: replayed`);
    t.equal(retry.revision, first.revision, `${who}: the first answer's revision, not the head's`);
    t.same(retry.events, first.events, `${who}: the same events`);
    t.same(retry.view, first.view, `${who}: the view as it was right after the first request`);
  }
  t.equal((await games.reads.summary(gameId)).revision, head, 'nothing appended');
});

t.test('a key reused with a different command is refused with request/idempotency-key-reused, on any node', async (t) => {
  const store = new InMemoryEventStore();
  const games = serviceOn(store);
  const gameId = await startedGame(games);
  await games.commands.execute(gameId, { type: 'Draw' }, { seat: 0, idempotencyKey: 'k' });
  const count = (await store.readStream(gameStream(gameId))).length;
  await t.rejects(games.commands.execute(gameId, { type: 'Stand' }, { seat: 0, idempotencyKey: 'k' }), {
    name: 'RuleViolation',
    code: 'request/idempotency-key-reused',
  });
  await t.rejects(serviceOn(store).commands.execute(gameId, { type: 'Stand' }, { seat: 0, idempotencyKey: 'k' }), {
    code: 'request/idempotency-key-reused',
  });
  t.equal((await store.readStream(gameStream(gameId))).length, count, 'nothing appended');
});

t.test('the fingerprint ignores key order, so one request serialised another way is the same request', async (t) => {
  t.equal(canonicalJson({ b: 1, a: [{ d: 2, c: null }] }), '{"a":[{"c":null,"d":2}],"b":1}');
  t.equal(canonicalJson({ a: undefined, b: 'x' }), '{"b":"x"}', 'undefined fields are left out, as JSON does');
});
