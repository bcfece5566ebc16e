// The log in words: a sentence for every raid event a viewer is given, and no drawn card named to another raider.
import t from 'tap';
import type { Viewer } from '@delve/kernel';
import { describedPlayout, playout } from '@delve/kernel/testing';
import { raid, type RaidEvent } from '../src/index';

t.test('describe: every event of a whole raid, as each viewer is given it, is one short sentence', async (t) => {
  const viewers: Viewer[] = [{ kind: 'seat', seat: 0 }, { kind: 'spectator' }, { kind: 'audit' }];
  const lines = describedPlayout(raid, { options: {}, seats: 2, seed: 'describe' }, viewers);
  const odd = lines.filter((l) => !/^[A-Z0-9].{4,200}\.$/s.test(l.text) || /undefined|\[object|null/.test(l.text));
  t.same(odd, [], `${lines.length} sentences, none odd`);
  const types = new Set(lines.map((l) => l.type));
  t.ok(types.has('CardPlayed') && types.has('DamageDealt') && types.has('RaidEnded'), `${types.size} event types described`);
});

t.test('describe: cards a raider draws are named to that raider only (Dungeon Decks: a raider’s hand is private)', async (t) => {
  const drawn = playout(raid, { options: {}, seats: 2, seed: 'hidden', maxSteps: 0 }).events.find(
    (e): e is Extract<RaidEvent, { type: 'CardsDrawn' }> => e.type === 'CardsDrawn' && e.seat === 0,
  )!;
  const state = raid.initialState({}, 2);
  const own = raid.describe!(raid.redact(drawn, { kind: 'seat', seat: 0 }, state)!, { kind: 'seat', seat: 0 });
  const names = drawn.cards.map((c) => raid.content!.find((item) => item.id === c.card)!.name);
  t.equal(own, `Seat 0 (you) drew ${names.join(', ')}.`, 'the drawer reads the names of its cards');
  for (const viewer of [{ kind: 'seat', seat: 1 }, { kind: 'spectator' }] as const) {
    const text = raid.describe!(raid.redact(drawn, viewer, state)!, viewer);
    t.equal(text, `Seat 0 drew ${drawn.cards.length} cards.`, `${viewer.kind}: told how many, not which`);
    for (const name of names) t.notOk(text.includes(name), `${viewer.kind}: ${name} is not named`);
  }
});
