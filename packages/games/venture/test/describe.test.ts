// The log in words: a sentence for every venture event of a whole game, and rooms and dungeons by their names.
import t from 'tap';
import type { Viewer } from '@delve/kernel';
import { describedPlayout, playingOn } from '@delve/kernel/testing';
import { venture } from '../src/index';

t.test('describe: every event of a whole game is one short sentence, the same for every viewer (the table hides nothing)', async (t) => {
  const viewers: Viewer[] = [{ kind: 'seat', seat: 1 }, { kind: 'spectator' }];
  // Nobody concedes while anything else is legal, so the game goes on to the interesting parts.
  const choose = playingOn(venture);
  const lines = ['a', 'b', 'c', 'd', 'e', 'f'].flatMap((seed) =>
    describedPlayout(venture, { options: {}, seats: 2, seed, maxSteps: 400, choose }, viewers),
  );
  const odd = lines.filter((l) => !/^[A-Z0-9].{4,160}\.$/s.test(l.text) || /undefined|\[object/.test(l.text));
  t.same(odd, [], `${lines.length} sentences, none odd`);
  // Lines come in pairs, seat 1's then the spectator's, and say the same but for seat 1's "(you)".
  const differing = lines.filter((l, i) => i % 2 === 0 && l.text.replace(' (you)', '') !== lines[i + 1]?.text);
  t.same(differing, [], 'a spectator reads what seat 1 reads');
  const types = new Set(lines.map((l) => l.type));
  t.ok(types.has('MarkerMoved') && types.has('DungeonEntered'), `${types.size} event types described: ${[...types].join(', ')}`);
});

t.test('describe: 309.4b room names are flavour and are shown; a marker names the room it moved into', async (t) => {
  const text = venture.describe!(
    { type: 'DungeonEntered', seat: 0, dungeon: 'lost-mine-of-phandelver', instance: 1 },
    { kind: 'seat', seat: 0 },
  );
  t.equal(text, 'Seat 0 (you) entered Lost Mine of Phandelver.');
  t.match(venture.describe!({ type: 'LifeChanged', seat: 1, amount: -3 }, { kind: 'spectator' }), 'Seat 1 lost 3 life.');
});
