import { createHash } from 'node:crypto';
import t from 'tap';
import { randomFor, sha256Hex } from '../src/random';

t.test('the same seed and revision give the same draws; another revision differs', async (t) => {
  const draws = (seed: string, rev: number) => {
    const r = randomFor(seed, rev);
    return Array.from({ length: 20 }, () => r.int(1000));
  };
  t.same(draws('s', 3), draws('s', 3));
  t.not(draws('s', 3).join(), draws('s', 4).join());
  t.not(draws('s', 3).join(), draws('t', 3).join());
});

t.test('the draws are the words of SHA-256 over "<seed>:<revision>:<block>", so recorded games replay after any refactor', async (t) => {
  const words = (text: string) => {
    const digest = createHash('sha256').update(text).digest();
    return Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4));
  };
  const r = randomFor('seed', 7);
  // int(2^32) never rejects, so each draw is exactly the next word: eight from block 0, then block 1.
  const draws = Array.from({ length: 10 }, () => r.int(2 ** 32));
  t.same(draws, [...words('seed:7:0'), ...words('seed:7:1').slice(0, 2)]);
});

t.test('int is uniform enough and in range', async (t) => {
  const r = randomFor('uniform', 0);
  const counts = new Array<number>(6).fill(0);
  let outOfRange = 0;
  for (let i = 0; i < 60000; i++) {
    const v = r.int(6);
    if (v >= 0 && v < 6) counts[v]!++;
    else outOfRange++;
  }
  t.equal(outOfRange, 0, 'every draw in [0, 6)');
  for (const c of counts) t.ok(Math.abs(c - 10000) < 500, `bucket ${c} near 10000`);
});

t.test('shuffle is a permutation and leaves its input alone', async (t) => {
  const input = Array.from({ length: 54 }, (_, i) => i);
  const out = randomFor('shuffle', 1).shuffle(input);
  t.same(
    [...out].sort((a, b) => a - b),
    input,
  );
  t.not(out.join(), input.join());
  t.same(
    input,
    Array.from({ length: 54 }, (_, i) => i),
  );
});

t.test('sha256Hex matches the known digest of "abc"', async (t) => {
  t.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
