// The seat cache answers repeated authentications without the service, and never caches a refusal.
import { ForbiddenError } from '@delve/kernel';
import t from 'tap';
import type { GamesPort } from '../src/ports';
import { withSeatCache } from '../src/seatCache';

t.test('hits skip the service, misses and failures reach it, the size is bounded', async (t) => {
  const calls: string[] = [];
  const service = {
    authenticate: async (gameId: string, token: string) => {
      calls.push(`${gameId}/${token}`);
      if (token === 'bad') throw new ForbiddenError('auth/bad-token', 'no');
      return Number(token.slice(1));
    },
  } as unknown as GamesPort;
  const cached = withSeatCache(service, 2);
  t.equal(await cached.authenticate('g', 's1'), 1);
  t.equal(await cached.authenticate('g', 's1'), 1);
  t.same(calls, ['g/s1'], 'the second call is a hit');
  await t.rejects(cached.authenticate('g', 'bad'), ForbiddenError);
  await t.rejects(cached.authenticate('g', 'bad'), ForbiddenError);
  t.equal(calls.filter((c) => c === 'g/bad').length, 2, 'refusals are not cached');
  t.equal(await cached.authenticate('h', 's1'), 1, 'keyed by game too');
  await cached.authenticate('g', 's2');
  await cached.authenticate('g', 's1');
  t.equal(calls.filter((c) => c === 'g/s1').length, 2, 'the least recently used entry was evicted at size 2');
});

t.test('only tokens that authenticated are known to the rate limiter, and only for their own game', async (t) => {
  const service = {
    authenticate: async (_gameId: string, token: string) => {
      if (token === 'bad') throw new ForbiddenError('auth/bad-token', 'no');
      return 0;
    },
  } as unknown as GamesPort;
  const cached = withSeatCache(service);
  t.equal(cached.knownSeat('g', 's0'), null, 'unknown before it authenticates');
  await cached.authenticate('g', 's0');
  t.equal(cached.knownSeat('g', 's0'), 0, 'then known, with its seat');
  t.equal(cached.knownSeat('h', 's0'), null, 'but not for another game');
  await t.rejects(cached.authenticate('g', 'bad'));
  t.equal(cached.knownSeat('g', 'bad'), null, 'a refused token is never known');
});

t.test('a claimed token authenticates without asking the service, for its own game only', async (t) => {
  const calls: string[] = [];
  const service = {
    claimSeat: async () => ({ seat: 1, token: 'fresh', revision: 2 }),
    authenticate: async (gameId: string, token: string) => {
      calls.push(`${gameId}/${token}`);
      throw new ForbiddenError('auth/bad-token', 'no');
    },
  } as unknown as GamesPort;
  const cached = withSeatCache(service);
  t.same(await cached.claimSeat('g', {}), { seat: 1, token: 'fresh', revision: 2 });
  t.equal(await cached.authenticate('g', 'fresh'), 1);
  t.equal(cached.knownSeat('g', 'fresh'), 1, 'known to the rate limiter');
  t.same(calls, [], 'no lookup');
  await t.rejects(cached.authenticate('h', 'fresh'), ForbiddenError, 'another game still asks the service');
});
