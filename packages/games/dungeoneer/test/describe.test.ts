// The log in words: a sentence for every Dungeoneer event a viewer is given, names instead of ids, hidden cards unnamed.
import t from 'tap';
import type { Viewer } from '@delve/kernel';
import { describedPlayout, playingOn, playout } from '@delve/kernel/testing';
import { dungeoneer, type DungeoneerEvent } from '../src/index';

t.test('describe: every event of a whole game, as each viewer is given it, is one short sentence with no card id', async (t) => {
  const viewers: Viewer[] = [{ kind: 'seat', seat: 0 }, { kind: 'spectator' }];
  // Nobody concedes while anything else is legal, so the game goes on to the interesting parts.
  const choose = playingOn(dungeoneer);
  const lines = describedPlayout(dungeoneer, { options: {}, seats: 2, seed: 'describe', maxSteps: 1500, choose }, viewers);
  // Ids are lower-case words joined by hyphens ("tunnel-brute-1"); names are what a person reads.
  const odd = lines.filter((l) => !/^[A-Z0-9].{4,240}\.$/s.test(l.text) || /undefined|\[object|null|\b[a-z]+-[a-z]+-\d\b/.test(l.text));
  t.same(odd, [], `${lines.length} sentences, none odd`);
  const types = new Set(lines.map((l) => l.type));
  t.ok(types.has('HeroesAssigned') && types.has('HeroMoved') && types.has('MapPlaced'), `${types.size} event types described`);
});

t.test('describe: heroes by name, and a drawn Adventure card is named to its drawer only (hands are hidden)', async (t) => {
  const { events } = playout(dungeoneer, { options: {}, seats: 2, seed: 'hidden', maxSteps: 0 });
  const heroes = events.find((e) => e.type === 'HeroesAssigned')!;
  const state = dungeoneer.initialState({}, 2);
  t.notMatch(dungeoneer.describe!(heroes, { kind: 'spectator' }), /tamsin|\b[a-z]+-[a-z]+\b/, 'no hero is shown by its id');
  const drawn = events.find((e): e is Extract<DungeoneerEvent, { type: 'CardsDrawn' }> => e.type === 'CardsDrawn' && e.seat === 0)!;
  const names = drawn.cards.map((id) => dungeoneer.content!.find((item) => id.startsWith(`${item.id}-`))!.name);
  const own = dungeoneer.describe!(dungeoneer.redact(drawn, { kind: 'seat', seat: 0 }, state)!, { kind: 'seat', seat: 0 });
  t.equal(own, `Seat 0 (you) drew ${names.join(', ')}.`);
  for (const viewer of [{ kind: 'seat', seat: 1 }, { kind: 'spectator' }] as const) {
    const text = dungeoneer.describe!(dungeoneer.redact(drawn, viewer, state)!, viewer);
    t.equal(text, `Seat 0 drew ${drawn.cards.length} cards.`, `${viewer.kind}: told how many, not which`);
  }
});
