// Request limits for real clients, one set of buckets for both protocols: smooth token buckets with bursts, reads and
// writes apart, keyed by who is asking (a seat in the game a call is about, a player, or else the address).
import { sha256 } from '@delve/kernel';
import { HttpProblem } from '../problems';
import { bearerToken, isPlayerKey } from './access';
import type { BucketSize, Budgets } from '../config';
import type { Budget, Caller, Credentials } from './operation';

interface Bucket {
  tokens: number;
  at: number;
}

/** Where a client's budget stands after a call, as the X-RateLimit-* headers say it. */
export interface BudgetState {
  /** The most calls it may make at once: the bucket's size. */
  readonly limit: number;
  /** Calls it may make now. */
  readonly remaining: number;
  /** Seconds until the bucket is full again. */
  readonly reset: number;
}

/**
 * Token buckets by key, at most `size` of them (the least recently used goes first: a bucket untouched for
 * burst/perSecond seconds is full again anyway, so forgetting it changes nothing).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly size: BucketSize,
    private readonly now: () => number = () => performance.now(),
    private readonly capacity = 100_000,
  ) {}

  /** Take `cost` tokens: 0 when granted, else the milliseconds until the bucket holds them again (nothing taken). */
  take(key: string, cost = 1): number {
    const bucket = this.refilled(key);
    if (bucket.tokens < cost) return Math.ceil(((cost - bucket.tokens) * 1000) / this.size.perSecond);
    bucket.tokens -= cost;
    return 0;
  }

  /** Give back tokens taken a moment ago (a call refused by a second bucket it also counts against). */
  refund(key: string, cost = 1): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.size.burst, bucket.tokens + cost);
  }

  /** True when the bucket holds a token now (nothing taken). */
  has(key: string): boolean {
    return this.refilled(key).tokens >= 1;
  }

  /** Where the bucket stands now (nothing taken). */
  state(key: string): BudgetState {
    const { tokens } = this.refilled(key);
    const { perSecond, burst } = this.size;
    return { limit: burst, remaining: Math.floor(tokens), reset: Math.ceil((burst - tokens) / perSecond) };
  }

  private refilled(key: string): Bucket {
    const { perSecond, burst } = this.size;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (bucket) {
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perSecond) / 1000);
      bucket.at = now;
      this.buckets.delete(key); // re-inserted below: the map's order is the recency order
    } else {
      if (this.buckets.size >= this.capacity) this.buckets.delete(this.buckets.keys().next().value as string);
      bucket = { tokens: burst, at: now };
    }
    this.buckets.set(key, bucket);
    return bucket;
  }
}

/** A call over budget: the 429 with the seconds to wait, and where the budget that refused it stands. */
export class RateLimited extends HttpProblem {
  constructor(
    budget: Budget,
    waitMs: number,
    readonly state: BudgetState | null,
  ) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super(429, 'http/rate-limited', `${budget} rate limit exceeded; retry in ${seconds} s`, seconds);
  }
}

/** The tighter of two budgets: the one with fewer calls left (the later reset on a tie). */
const tighter = (a: BudgetState, b: BudgetState): BudgetState =>
  a.remaining < b.remaining || (a.remaining === b.remaining && a.reset >= b.reset) ? a : b;

/**
 * Buckets every node shares (RATE_LIMIT_STORE=postgres): asked after this node's own buckets allowed a call, so a
 * client over budget on this node alone never costs the database a statement.
 */
export interface SharedBuckets {
  /** Take one call from `key`'s bucket of `size`: 0 when granted, else the milliseconds to wait (nothing taken). */
  take(key: string, size: BucketSize): Promise<number>;
  /** Give back a call taken a moment ago. */
  refund(key: string, size: BucketSize): Promise<void>;
}

/**
 * The rate limit every operation passes, whichever protocol calls it. A credential earns a bucket of its own only
 * once it has authenticated (`remember`), so inventing a fresh Authorization header per request buys nothing; a seat
 * token counts per seat and only on calls about its own game, so claiming ten seats buys ten budgets for those ten
 * games and nothing elsewhere.
 */
export class RateLimiter {
  private readonly buckets: Record<Budget, TokenBuckets>;
  private readonly playerCeilings: Record<Budget, TokenBuckets>;
  private readonly sizes: Record<Budget, { readonly client: BucketSize; readonly ceiling: BucketSize }>;
  /** Calls refused for each budget since the limiter was made (read by the server's metrics). */
  readonly refusals: Record<Budget, number> = { read: 0, write: 0 };
  /** Hash of a recently authenticated token or key → its client: `seat:<game>:<seat>` or `player:<id>`. */
  private readonly known = new Map<string, { readonly client: string; readonly gameId: string | null }>();

  /**
   * `playersPerAddress`: all player keys used from one address together get at most this many times one client's
   * budget, so registering players buys no budget beyond it (a household behind one NAT still plays as several).
   */
  constructor(
    budgets: Budgets,
    playersPerAddress: number,
    now?: () => number,
    private readonly knownSize = 10_000,
    /** Buckets shared with every node (null: each node counts alone, the default). */
    private readonly shared: SharedBuckets | null = null,
  ) {
    this.buckets = { read: new TokenBuckets(budgets.read, now), write: new TokenBuckets(budgets.write, now) };
    const ceiling = (size: BucketSize): BucketSize => ({
      perSecond: size.perSecond * playersPerAddress,
      burst: size.burst * playersPerAddress,
    });
    this.playerCeilings = {
      read: new TokenBuckets(ceiling(budgets.read), now),
      write: new TokenBuckets(ceiling(budgets.write), now),
    };
    this.sizes = {
      read: { client: budgets.read, ceiling: ceiling(budgets.read) },
      write: { client: budgets.write, ceiling: ceiling(budgets.write) },
    };
  }

  /** Remember who a token turned out to be, so its next calls count against that client's own bucket. */
  remember(token: string, caller: Caller): void {
    const entry =
      caller.kind === 'seat'
        ? { client: `seat:${caller.gameId}:${caller.seat}`, gameId: caller.gameId }
        : caller.kind === 'player'
          ? { client: `player:${caller.player}`, gameId: null }
          : null;
    if (!entry) return;
    const hash = sha256(token, 'base64url');
    this.known.delete(hash);
    this.known.set(hash, entry);
    if (this.known.size > this.knownSize) this.known.delete(this.known.keys().next().value as string);
  }

  /**
   * The client a call counts against: a known seat token on a call about its own game, a known player key, else the
   * address (`scope` names the address's bucket: pages and assets have one apart from the API's). `gameId` is the game
   * the call is about (null for calls about no game).
   */
  clientOf(credentials: Credentials, gameId: string | null, scope = 'ip'): string {
    let token: string | null = null;
    try {
      token = bearerToken(credentials.authorization);
    } catch {
      // A malformed header counts against the address; the auth check refuses it.
    }
    if (token !== null) {
      const known = this.known.get(sha256(token, 'base64url'));
      if (known && (known.gameId === null ? isPlayerKey(token) : known.gameId === gameId)) return known.client;
    }
    return `${scope}:${credentials.address}`;
  }

  /**
   * Spend one token of `budget` and say where the client's budget stands then (for a player, the tighter of its own and
   * its address's ceiling); RateLimited (nothing spent) when the client, or the players of its address, are over.
   */
  charge(budget: Budget, credentials: Credentials, gameId: string | null, scope = 'ip'): BudgetState {
    const client = this.clientOf(credentials, gameId, scope);
    const bucket = this.buckets[budget];
    const key = `${budget}:${client}`;
    const wait = bucket.take(key);
    if (wait > 0) {
      this.refusals[budget]++;
      throw new RateLimited(budget, wait, bucket.state(key));
    }
    if (!client.startsWith('player:')) return bucket.state(key);
    const ceiling = this.playerCeilings[budget];
    const address = `${budget}:${credentials.address}`;
    const ceilingWait = ceiling.take(address);
    if (ceilingWait > 0) {
      this.refusals[budget]++;
      bucket.refund(key);
      throw new RateLimited(budget, ceilingWait, ceiling.state(address));
    }
    return tighter(bucket.state(key), ceiling.state(address));
  }

  /**
   * After `charge` allowed a call on this node: spend it in the buckets every node shares too (429 when the client, or
   * the players of its address, are over across all nodes). Null when limits are per node, so that path stays
   * synchronous.
   */
  chargeShared(budget: Budget, credentials: Credentials, gameId: string | null, scope = 'ip'): Promise<void> | null {
    if (!this.shared) return null;
    return this.spendShared(this.shared, budget, this.clientOf(credentials, gameId, scope), credentials.address);
  }

  private async spendShared(shared: SharedBuckets, budget: Budget, client: string, address: string): Promise<void> {
    const { client: size, ceiling } = this.sizes[budget];
    const key = `${budget}:${client}`;
    const wait = await shared.take(key, size);
    if (wait > 0) {
      this.refusals[budget]++;
      this.buckets[budget].refund(key); // this node's bucket gave it: not spent after all
      throw new RateLimited(budget, wait, null);
    }
    if (!client.startsWith('player:')) return;
    const ceilingWait = await shared.take(`ceiling:${budget}:${address}`, ceiling);
    if (ceilingWait > 0) {
      this.refusals[budget]++;
      await shared.refund(key, size);
      throw new RateLimited(budget, ceilingWait, null);
    }
  }

  /** True when the client could make one more call of `budget` now (nothing spent); false counts as a refusal. */
  allows(budget: Budget, credentials: Credentials, gameId: string | null): boolean {
    const allowed = this.buckets[budget].has(`${budget}:${this.clientOf(credentials, gameId)}`);
    if (!allowed) this.refusals[budget]++;
    return allowed;
  }
}
