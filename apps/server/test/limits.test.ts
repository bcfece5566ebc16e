// The rate limiter both protocols share: buckets per client, seats only on their own game, and players of one address
// under one ceiling however many of them are registered.
import t from 'tap';
import { RateLimiter } from '../src/operations/limits';

const budgets = { read: { perSecond: 1, burst: 3 }, write: { perSecond: 1, burst: 2 } };
const at = (address: string, authorization?: string) => ({ address, authorization });
/** Calls granted before the first refusal, at a frozen clock. */
function granted(limiter: RateLimiter, credentials: ReturnType<typeof at>, gameId: string | null = null, max = 100): number {
  for (let i = 0; i < max; i++) {
    try {
      limiter.charge('read', credentials, gameId);
    } catch {
      return i;
    }
  }
  return max;
}

t.test('an unknown token counts against its address; once it authenticated, against its seat on its own game only', async (t) => {
  const limiter = new RateLimiter(budgets, 2, () => 0);
  const token = at('10.0.0.1', 'Bearer seat-token');
  t.equal(limiter.clientOf(token, 'g'), 'ip:10.0.0.1', 'unknown tokens buy no bucket');
  limiter.remember('seat-token', { kind: 'seat', gameId: 'g', seat: 1 });
  t.equal(limiter.clientOf(token, 'g'), 'seat:g:1');
  t.equal(limiter.clientOf(token, 'h'), 'ip:10.0.0.1', 'not on another game');
  t.equal(limiter.clientOf(token, null), 'ip:10.0.0.1', 'nor on calls about no game');
  t.equal(granted(limiter, token, 'g'), 3, "the seat's burst");
  t.equal(granted(limiter, at('10.0.0.1'), null), 3, 'the address keeps its own');
});

t.test('registering players buys no budget: the players of one address share a ceiling', async (t) => {
  const limiter = new RateLimiter(budgets, 2, () => 0);
  let total = 0;
  for (let i = 0; i < 12; i++) {
    const key = `pk.player-${i}`;
    limiter.remember(key, { kind: 'player', player: `p${i}` });
    total += granted(limiter, at('10.0.0.2', `Bearer ${key}`));
  }
  t.equal(total, 6, 'twelve players together get playersPerAddress (2) times one burst (3)');
  t.equal(granted(limiter, at('10.0.0.3', 'Bearer pk.player-11')), 3, 'a player the ceiling refused has its own budget elsewhere');
});

t.test('a refusal by the ceiling takes nothing from the player', async (t) => {
  const limiter = new RateLimiter(budgets, 1, () => 0);
  limiter.remember('pk.a', { kind: 'player', player: 'a' });
  limiter.remember('pk.b', { kind: 'player', player: 'b' });
  t.equal(granted(limiter, at('10.0.0.4', 'Bearer pk.a')), 3);
  t.equal(granted(limiter, at('10.0.0.4', 'Bearer pk.b')), 0, 'the ceiling is spent');
  t.equal(granted(limiter, at('10.0.0.5', 'Bearer pk.b')), 3, "b's own bucket is still full");
});
