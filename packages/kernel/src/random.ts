// Deterministic randomness: a SHA-256 counter-mode generator keyed by the game's secret seed.
//
// Each command gets its own stream of random numbers derived from (seed, stream revision), so no
// generator state has to be stored and re-running the recorded commands with the revealed seed
// reproduces every shuffle and roll. SHA-256 (not a small PRNG with a 32-bit seed) keeps a player
// from recovering the seed from outcomes they can see.
import * as crypto from 'node:crypto';

/** A deterministic source of randomness handed to `decide` and `setup`. Call its methods on it (`random.int(6)`). */
export interface Random {
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** A uniform random permutation (Fisher–Yates); the input is not modified. */
  shuffle<T>(items: readonly T[]): T[];
  /** A uniform pick from a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/**
 * SHA-256 of a UTF-8 string in one call: `crypto.hash` (Node 20.12 and later) skips making a Hash object, which costs
 * more than the digest of a short string; older Node versions take `createHash`.
 */
export const sha256: {
  (text: string, encoding: 'hex' | 'base64url'): string;
  (text: string, encoding: 'buffer'): Buffer;
} =
  typeof crypto.hash === 'function'
    ? (crypto.hash.bind(null, 'sha256') as typeof sha256)
    : (((text: string, encoding: 'hex' | 'base64url' | 'buffer') => {
        const hash = crypto.createHash('sha256').update(text);
        return encoding === 'buffer' ? hash.digest() : hash.digest(encoding);
      }) as typeof sha256);

/** SHA-256 hex digest of a string: the published commitment to a game's seed. */
export function sha256Hex(text: string): string {
  return sha256(text, 'hex');
}

/** The random source for the command decided at `revision` of a game with `seed`. */
export function randomFor(seed: string, revision: number | string): Random {
  return new Sha256Random(`${seed}:${revision}:`);
}

/**
 * The generator behind `randomFor`: block k is SHA-256 of `<seed>:<revision>:<k>`, read as big-endian 32-bit words.
 * A class rather than closures: one is made per decision, and most decisions draw nothing, so making one must cost
 * next to nothing (the first hash is computed on the first draw).
 */
class Sha256Random implements Random {
  private counter = 0;
  private block: Buffer | null = null;
  private offset = 0;

  constructor(private readonly prefix: string) {}

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`random.int: bad bound ${n}`);
    // Rejection sampling keeps the result exactly uniform.
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % n;
    }
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('random.pick: empty list');
    return items[this.int(items.length)] as T;
  }

  private nextUint32(): number {
    if (this.block === null || this.offset + 4 > this.block.length) {
      this.block = sha256(`${this.prefix}${this.counter++}`, 'buffer');
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
}
