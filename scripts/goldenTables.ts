// The tables each module's golden corpus records: its variants and seat counts, a seed each.
import path from 'node:path';
import type { GoldenTable } from '@delve/kernel/testing';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Where a module's corpus for one rules version lives. */
export function corpusPath(module: string, rulesVersion: string): string {
  return path.join(ROOT, 'packages/games', module, 'test/golden', `v${rulesVersion}.json`);
}

export const GOLDEN_TABLES: Readonly<Record<string, readonly GoldenTable[]>> = {
  dungeon: [
    { options: {}, seats: 2, seed: 'golden-dungeon-1' },
    { options: { variant: 'jokers-wild', counterAttack: 2 }, seats: 3, seed: 'golden-dungeon-2' },
    { options: { variant: 'pitch-black', suicideQueen: true }, seats: 2, seed: 'golden-dungeon-3' },
  ],
  venture: [
    { options: {}, seats: 2, seed: 'golden-venture-1', avoid: ['LeaveGame'], maxSteps: 200 },
    { options: { baldursGateWilderness: true }, seats: 3, seed: 'golden-venture-2', avoid: ['LeaveGame'], maxSteps: 200 },
  ],
  raid: [
    { options: { difficulty: 'novice' }, seats: 3, seed: 'golden-raid-1' },
    { options: { difficulty: 'legendary' }, seats: 2, seed: 'golden-raid-2' },
  ],
  dungeoneer: [
    { options: {}, seats: 2, seed: 'golden-dungeoneer-1' },
    { options: {}, seats: 4, seed: 'golden-dungeoneer-2' },
  ],
};
