// Deterministic randomness: a SHA-256 counter-mode generator keyed by the game's secret seed.
//
// Each command gets its own stream of random numbers derived from (seed, stream revision), so no
// generator state has to be stored and re-running the recorded commands with the revealed seed
// reproduces every shuffle and roll. SHA-256 (not a small PRNG with a 32-bit seed) keeps a player
// from recovering the seed from outcomes they can see.
import { createHash } from 'node:crypto';

/** A deterministic source of randomness handed to `decide` and `setup`. Call its methods on it (`random.int(6)`). */
export interface Random {
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** A uniform random permutation (Fisher–Yates); the input is not modified. */
  shuffle<T>(items: readonly T[]): T[];
  /** A uniform pick from a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** SHA-256 hex digest of a string: the published commitment to a game's seed. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
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
      this.block = createHash('sha256').update(`${this.prefix}${this.counter++}`).digest();
      this.offset = 0;
    }
    const value = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
}
