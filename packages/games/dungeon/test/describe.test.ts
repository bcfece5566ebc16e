// The log in words: a sentence for every event a viewer is given, and no hidden card named to a viewer who may not see it.
import t from 'tap';
import type { Viewer } from '@delve/kernel';
import { describedPlayout, playout } from '@delve/kernel/testing';
import { dungeon, HIDDEN, type DungeonEvent } from '../src/index';

const VIEWERS: readonly Viewer[] = [{ kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }, { kind: 'spectator' }, { kind: 'audit' }];

t.test('describe: every event of a whole game, as each viewer is given it, is one short sentence', async (t) => {
  const lines = describedPlayout(dungeon, { options: {}, seats: 2, seed: 'describe' }, VIEWERS);
  const odd = lines.filter((l) => !/^[A-Z].{4,160}\.$/s.test(l.text) || /undefined|\[object|null/.test(l.text));
  t.same(odd, [], `${lines.length} sentences, none odd`);
  const types = new Set(lines.map((l) => l.type));
  t.ok(types.has('PassagePlayed') && types.has('CardsDrawn') && types.has('GameWon'), `over ${types.size} event types`);
});

t.test('describe: a drawn card is named to its drawer and to nobody else who may not see it (§The deal, hands are secret)', async (t) => {
  const drawn: DungeonEvent = { type: 'CardsDrawn', seat: 0, cards: ['7H', 'QS'], reason: 'turn' };
  const state = playout(dungeon, { options: {}, seats: 2, seed: 'hidden', maxSteps: 0 }).state;
  const own = dungeon.describe!(dungeon.redact(drawn, { kind: 'seat', seat: 0 }, state)!, { kind: 'seat', seat: 0 });
  t.equal(own, 'Seat 0 (you) drew 7H QS.');
  for (const viewer of [{ kind: 'seat', seat: 1 }, { kind: 'spectator' }] as const) {
    const redacted = dungeon.redact(drawn, viewer, state)!;
    t.ok(
      redacted.type === 'CardsDrawn' && redacted.cards.every((c) => c === HIDDEN),
      `${viewer.kind}: the event it is given hides the cards`,
    );
    const text = dungeon.describe!(redacted, viewer);
    t.equal(text, 'Seat 0 drew 2 cards.', `${viewer.kind}: told how many, not which`);
    t.notMatch(text, /7H|QS/);
  }
});
