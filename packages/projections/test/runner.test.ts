import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import { gameServices } from '@delve/kernel';
import { toyGame } from '@delve/kernel/testing';
import { AdvisoryLeaderLock, PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { postgresReadModels, ProjectionRunner, ReadModelStore, gamesList, type GameListItem } from '../src/index';

const db = await openTestDatabase();
t.teardown(() => db.close());
const store = new PostgresEventStore(db.sql, { pollIntervalMs: 20 });
const readModels = new ReadModelStore(db.sql);
const reader = postgresReadModels(db.sql);
let tick = 0;
const games = gameServices({
  store,
  modules: { toy: toyGame },
  clock: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)),
  newId: randomUUID,
  newSecret: () => randomBytes(16).toString('hex'),
});

async function snapshot(): Promise<GameListItem[]> {
  const all: GameListItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await reader.games({ limit: 2, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

t.test('the games list follows the lobby: open, active, abandoned; filters and pages newest first', async (t) => {
  const runner = new ProjectionRunner(store, readModels, gamesList);
  const a = await games.lobby.createGame({ module: 'toy', seats: 2 });
  const b = await games.lobby.createGame({ module: 'toy', seats: 2 });
  await games.lobby.claimSeat(b.gameId);
  await games.lobby.claimSeat(b.gameId);
  const c = await games.lobby.createGame({ module: 'toy', seats: 1 });
  await games.lobby.abandonGame(c.gameId);
  await runner.catchUp();
  const list = await snapshot();
  t.same(
    list.map((g) => g.id),
    [c.gameId, b.gameId, a.gameId],
    'newest first, across pages of 2',
  );
  t.match(list, [{ status: 'abandoned' }, { status: 'active', openSeats: 0 }, { status: 'open', openSeats: 2, seats: 2 }]);
  t.same(
    (await reader.games({ limit: 10, status: 'active' })).items.map((g) => g.id),
    [b.gameId],
  );
  t.same((await reader.games({ limit: 10, module: 'dungeon' })).items, []);
  await t.rejects(reader.games({ limit: 10, cursor: 'garbage' }), { code: 'games/bad-cursor' });
  t.equal(await runner.catchUp(), 0, 'nothing left to apply');
});

t.test('exactly once: two runners racing over the same events give the same documents as one', async (t) => {
  for (let i = 0; i < 5; i++) {
    const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 2 });
    await games.lobby.claimSeat(gameId);
  }
  const racers = [
    new ProjectionRunner(store, readModels, gamesList, { batchSize: 3 }),
    new ProjectionRunner(store, readModels, gamesList, { batchSize: 2 }),
  ];
  await Promise.all(racers.map((r) => r.catchUp()));
  const raced = await snapshot();
  await new ProjectionRunner(store, readModels, gamesList).rebuild();
  t.same(await snapshot(), raced, 'a rebuild from the first event agrees');
  t.ok(raced.filter((g) => g.openSeats === 1).length >= 5, 'each claim counted once');
});

t.test('leader election: only one runner holds a projection’s lock; it passes on release', async (t) => {
  const first = new AdvisoryLeaderLock(db.sql, 'games-list-v1');
  const second = new AdvisoryLeaderLock(db.sql, 'games-list-v1');
  t.equal(await first.tryAcquire(), true);
  t.equal(await second.tryAcquire(), false);
  await first.release();
  t.equal(await second.tryAcquire(), true);
  await second.release();
});

t.test('a started runner keeps the list live', async (t) => {
  const runner = new ProjectionRunner(store, readModels, gamesList, { pollMs: 20, lock: new AdvisoryLeaderLock(db.sql, 'games-list-v1') });
  runner.start();
  t.teardown(() => runner.stop());
  const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 3 });
  let found: GameListItem | undefined;
  for (let i = 0; i < 100 && !found; i++) {
    found = (await reader.games({ limit: 1 })).items.find((g) => g.id === gameId);
    if (!found) await new Promise((r) => setTimeout(r, 20));
  }
  t.match(found, { id: gameId, seats: 3, status: 'open' });
});

t.test('the background loop takes what is there and waits for the next poll, even while events keep coming', async (t) => {
  let reads = 0;
  // A store that always has one more event: a runner that chases the head would read it again at once, forever.
  const growing = Object.create(store, {
    readAll: {
      value: async (...args: Parameters<typeof store.readAll>) => {
        reads++;
        await games.lobby.createGame({ module: 'toy', seats: 2 });
        return store.readAll(...args);
      },
    },
  }) as typeof store;
  const runner = new ProjectionRunner(growing, readModels, gamesList, { pollMs: 60_000, batchSize: 1000 });
  runner.start();
  await new Promise((r) => setTimeout(r, 300));
  await runner.stop();
  t.equal(reads, 1, 'one read of a partial page, then the poll interval');
});

t.test('a busy runner knows its checkpoints from its own commits, and reads them afresh once another writer moved them', async (t) => {
  const counting = new ReadModelStore(db.sql);
  let reads = 0;
  const checkpoint = counting.checkpoint.bind(counting);
  counting.checkpoint = (name) => (reads++, checkpoint(name));
  const runner = new ProjectionRunner(store, counting, { ...gamesList, name: 'games-list-counted' }, { batchSize: 2 });
  for (let i = 0; i < 3; i++) await games.lobby.createGame({ module: 'toy', seats: 1 });
  t.equal(await runner.step(), 2, 'a full page');
  t.equal(await runner.step(), 2, 'and another');
  t.equal(reads, 1, 'the second step took its checkpoint from the first step’s commit');
  // Someone else (a second runner, a rebuild's swap) moves the checkpoint back to the start.
  await counting.reset('games-list-counted');
  await runner.step(); // its commit is refused: nothing lands
  t.equal(reads, 1, 'the refused step still started from what it knew');
  await runner.catchUp();
  t.ok(reads >= 2, 'after the refusal the checkpoint was read again');
  const whole = new ProjectionRunner(store, readModels, { ...gamesList, name: 'games-list-whole' });
  await whole.catchUp();
  const docs = async (name: string) =>
    (await db.sql`select id, doc from read_models where projection = ${name} order by id`).map((r) => [r.id, r.doc]);
  t.same(await docs('games-list-counted'), await docs('games-list-whole'), 'the same documents as a runner that never lost its place');
});
