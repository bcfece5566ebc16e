// The service as a running server wires it: unguessable seat tokens and seeds, UUID game ids, the real clock.
import { createHash } from 'node:crypto';
import t from 'tap';
import { InMemoryEventStore } from '@delve/kernel/testing';
import { liveGames } from '../src/liveGames';
import { toy } from './support/toy';

t.test('live wiring: seat tokens are 256-bit base64url secrets, game ids are UUIDs, events carry the time', async (t) => {
  const store = new InMemoryEventStore();
  const games = liveGames(store, { toy });
  const before = Date.now();
  const { gameId } = await games.lobby.createGame({ module: 'toy', seats: 2 });
  t.match(gameId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'a version-4 UUID');
  const tokens = [(await games.lobby.claimSeat(gameId)).token, (await games.lobby.claimSeat(gameId)).token];
  for (const token of tokens) t.match(token, /^[A-Za-z0-9_-]{43}$/, '32 bytes in base64url');
  t.not(tokens[0], tokens[1], 'each seat gets its own token');
  const events = await store.readStream(`game-${gameId}`);
  const at = Date.parse(String(events[0]?.metadata.at));
  t.ok(at >= before && at <= Date.now(), 'the event is stamped with the current time');
  const stored = JSON.stringify(events.map(({ data, metadata }) => ({ data, metadata })));
  for (const token of tokens) {
    t.notOk(stored.includes(token), 'no token is stored');
    t.ok(stored.includes(createHash('sha256').update(token).digest('hex')), 'only its hash');
  }
});
