import { playout, moduleContract } from '@delve/kernel/testing';
import { dungeoneer, type DungeoneerOptions } from '@delve/game-dungeoneer';
const rules = ['revealedMap', 'malevolentForce', 'looting', 'secretQuest', 'respawn', 'wanderingPack'] as const;
const fakeT: any = { fail: (m: string, e: unknown) => { console.log('  FAIL', m, JSON.stringify(e).slice(0, 400)); } };
const only = process.argv[2];
const combos: DungeoneerOptions[] = [];
for (let mask = 0; mask < 64; mask++) {
  const o: any = {};
  rules.forEach((r, i) => { if (mask & (1 << i)) o[r] = true; });
  if (o.malevolentForce && o.respawn) continue;
  combos.push(o);
}
for (const seats of [2, 3, 4]) combos.push({ campaign: { carry: { level: true, treasures: true } }, ...(seats ? {} : {}) , _seats: seats } as any);
let i = 0;
for (const o of combos) {
  i++;
  if (only && String(i) !== only) continue;
  const seats = (o as any)._seats ?? 2 + (i % 3);
  const options = { ...o } as any; delete options._seats;
  const t0 = Date.now();
  const contract = moduleContract(fakeT, dungeoneer, { options, seats });
  try {
    const r = playout(dungeoneer, { options, seats, seed: `smoke-${i}`, maxSteps: 3000, onStep: (s) => contract.onStep(s) });
    contract.assertReplay(r);
    console.log(i, JSON.stringify(options), seats, 'finished', r.finished, 'steps', r.steps, 'winners', dungeoneer.status(r.state).winners, Date.now() - t0, 'ms', 'fails', contract.failures);
  } catch (e) {
    console.log(i, JSON.stringify(options), seats, 'THREW', (e as Error).stack?.split('\n').slice(0, 8).join('\n'));
  }
}
