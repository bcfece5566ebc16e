// The log in words: a sentence for every venture event of a whole game, and rooms and dungeons by their names.
import t from 'tap';
import type { Viewer } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { venture } from '../src/index';

t.test('describe: every event of a whole game is one short sentence, the same for every viewer (the table hides nothing)', async (t) => {
  const types = new Set<string>();
  const viewers: Viewer[] = [{ kind: 'seat', seat: 1 }, { kind: 'spectator' }];
  for (const seed of ['a', 'b', 'c', 'd', 'e', 'f'])
    playout(venture, {
      options: {},
      seats: 2,
      seed,
      maxSteps: 400,
      // Nobody concedes, so the game goes on long enough to venture.
      choose: (state, random) => {
        const seat = random.pick(venture.status(state).awaiting);
        const legal = venture.legalCommands(state, seat).filter((c) => c.type !== 'LeaveGame');
        return legal.length > 0 ? { seat, command: random.pick(legal) } : null;
      },
      onStep: ({ events }) => {
        for (const { event, before } of events) {
          types.add(event.type);
          const [seat, spectator] = viewers.map((v) => venture.describe!(venture.redact(event, v, before)!, v).replace(' (you)', ''));
          if (!/^[A-Z0-9].{4,160}\.$/s.test(seat!) || /undefined|\[object/.test(seat!)) t.fail(`${event.type}: "${seat}"`);
          if (seat !== spectator) t.fail(`${event.type}: "${seat}" to seat 1, "${spectator}" to a spectator`);
        }
      },
    });
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
