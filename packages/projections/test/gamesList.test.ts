import t from 'tap';
import type { RecordedEvent } from '@delve/kernel';
import { gamesList, type GameListItem } from '../src/index';

let revision = 0;
const recorded = (data: Record<string, unknown>, streamId = 'game-g1'): RecordedEvent => ({
  streamId,
  revision: revision++,
  position: { commit: 1n, prepare: BigInt(revision) },
  id: `e${revision}`,
  type: String(data.type),
  data,
  metadata: {},
  created: '2026-01-01T00:00:00.000Z',
});
const fold = (events: RecordedEvent[]) => events.reduce<GameListItem | null>((doc, e) => gamesList.apply(doc, e, 'g1'), null);

t.test('a game appears open with all seats free, fills, starts and finishes', async (t) => {
  revision = 0;
  const created = fold([recorded({ type: 'GameCreated', module: 'toy', seats: 2 })]);
  t.match(created, { id: 'g1', module: 'toy', status: 'open', seats: 2, openSeats: 2, revision: 0 });
  const events = [
    recorded({ type: 'GameCreated', module: 'toy', seats: 2 }),
    recorded({ type: 'SeatClaimed', seat: 0 }),
    recorded({ type: 'SeatClaimed', seat: 1 }),
    recorded({ type: 'GameStarted' }),
    recorded({ type: 'CardDrawn', seat: 0 }),
  ];
  const full = fold(events);
  t.match(full, { status: 'active', openSeats: 0, revision: events.at(-1)?.revision });
  t.equal(gamesList.apply(full, recorded({ type: 'GameFinished', winners: [0] }), 'g1')?.status, 'finished');
  t.equal(gamesList.apply(full, recorded({ type: 'GameAbandoned', by: null }), 'g1')?.status, 'abandoned');
});

t.test('only game streams are projected, and events before a creation are ignored', async (t) => {
  t.same(gamesList.idsOf(recorded({ type: 'X' }, 'character-1')), []);
  t.same(gamesList.idsOf(recorded({ type: 'X' }, 'game-abc')), ['abc']);
  t.equal(gamesList.apply(null, recorded({ type: 'SeatClaimed' }), 'g1'), null);
});
