// Several read models as one: a rebuild in one pass gives the documents the live runners build, a live runner of
// several reads each page of the log once, and their commits are all-or-nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import t from 'tap';
import { gameServices, type EventStore, type RecordedEvent } from '@delve/kernel';
import { toyGame } from '@delve/kernel/testing';
import { PostgresEventStore } from '@delve/store-postgres';
import { openTestDatabase } from '@delve/store-postgres/testing';
import { ProjectionRunner, ReadModelStore, gamesList, rebuildProjections, type Projection } from '../src/index';

const db = await openTestDatabase();
t.teardown(() => db.close());
const store = new PostgresEventStore(db.sql);
const readModels = new ReadModelStore(db.sql);
const games = gameServices({
  store,
  modules: { toy: toyGame },
  clock: () => new Date('2026-01-01T00:00:00Z'),
  newId: randomUUID,
  newSecret: () => randomBytes(16).toString('hex'),
});

/** A second read model over the same streams: how many events each game has, and of which types. */
const eventCounts: Projection<{ events: number; types: string[] }> = {
  name: 'event-counts-test',
  streamPrefixes: ['game-'],
  idsOf: (event) => [event.streamId],
  apply: (doc, event) => ({ events: (doc?.events ?? 0) + 1, types: [...new Set([...(doc?.types ?? []), event.type])] }),
};
const projections = [gamesList, eventCounts] as Projection<unknown>[];

async function documents(): Promise<string[]> {
  const rows = await db.sql<{ projection: string; id: string; doc: unknown }[]>`
    select projection, id, doc from read_models order by projection, id`;
  return rows.map((r) => JSON.stringify([r.projection, r.id, r.doc]));
}

/** The store with its readAll calls counted. */
function countingReads(inner: EventStore) {
  let reads = 0;
  const counted: EventStore = Object.create(inner, {
    readAll: { value: (...args: Parameters<EventStore['readAll']>) => (reads++, inner.readAll(...args)) },
  });
  return { store: counted, reads: () => reads };
}

for (let g = 0; g < 4; g++) {
  const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 2 });
  for (let seat = 0; seat < 2; seat++) await games.lobby.claimSeat(gameId);
  if (g % 2 === 0) for (let seat = 0; seat < 2; seat++) await games.commands.execute(gameId, { type: 'Stand' }, { seat });
}
for (const projection of projections) await new ProjectionRunner(store, readModels, projection).catchUp();
const live = await documents();
const logLength = (await store.readAll()).length;

t.test('one pass over the log rebuilds every read model to the documents the live runners built', async (t) => {
  const { store: counted, reads } = countingReads(store);
  const pages: number[] = [];
  const folded = await rebuildProjections(counted, readModels, projections, { batchSize: 7 }, (done) => pages.push(done));
  t.equal(folded, logLength, 'every event of the log was read');
  t.equal(reads(), Math.ceil(logLength / 7) + 1, 'each page once, for both read models, and one empty page at the end');
  t.same(await documents(), live, 'same documents, no shadow left behind');
  t.equal(pages.at(-1), logLength, 'progress after each page');
});

t.test('documents loaded back from the store when more are written than a rebuild keeps in memory', async (t) => {
  await rebuildProjections(store, readModels, projections, { batchSize: 5, keep: 1 });
  t.same(await documents(), live);
});

t.test('several read models commit all or nothing: a moved checkpoint refuses the whole batch', async (t) => {
  const [first] = (await store.readAll({ maxCount: 1 })) as RecordedEvent[];
  const to = (first as RecordedEvent).position;
  const before = await documents();
  const landed = await readModels.commitAll([
    { projection: 'a-test', changes: new Map([['x', { n: 1 }]]), from: 'start', to },
    { projection: gamesList.name, changes: new Map([['y', { n: 2 }]]), from: 'start', to }, // its checkpoint is not 'start'
  ]);
  t.equal(landed, false);
  t.same(await documents(), before, 'neither document was written');
  t.equal(await readModels.checkpoint('a-test'), 'start', 'nor the other checkpoint moved');
});

t.test('a runner of several read models reads each page once; one ahead of the other waits until the log passes it', async (t) => {
  const ahead = { ...gamesList, name: 'games-list-group-test' } as Projection<unknown>;
  const behind = { ...eventCounts, name: 'event-counts-group-test' } as Projection<unknown>;
  const solo = new ProjectionRunner(store, readModels, ahead, { batchSize: 3 });
  for (let i = 0; i < 2; i++) await solo.step();
  const { store: counted, reads } = countingReads(store);
  const group = new ProjectionRunner(counted, readModels, [ahead, behind], { batchSize: 4 });
  t.equal(await group.catchUp(), logLength, 'the page is read from the earliest checkpoint');
  t.equal(reads(), Math.ceil(logLength / 4) + 1, 'each page once for both');
  const renamed = (await documents())
    .filter((d) => d.includes('-group-test"'))
    .map((d) => d.replace('games-list-group-test', gamesList.name).replace('event-counts-group-test', eventCounts.name));
  t.same(
    renamed.sort(),
    live.filter((d) => d.includes(gamesList.name) || d.includes(eventCounts.name)).sort(),
    'each event applied once to each',
  );
});
