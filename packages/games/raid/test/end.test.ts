// The end of a raid: the Dungeon hero destroyed (raiders win), raiders destroyed (their cards leave play), every raider
// destroyed (the Dungeon wins); the result the experience table needs, and the dungeon's achievements.
import t from 'tap';
import type { Actor } from '@delve/kernel';
import { specFor } from '@delve/kernel/testing';
import { heuristicBot, raid, type RaidCommand, type RaidEvent } from '../src/index';
import { AUTOMATON, scenario, tableRandom, type Scenario } from './support';

const ofType = <T extends RaidEvent['type']>(events: readonly RaidEvent[], type: T) =>
  events.filter((e): e is Extract<RaidEvent, { type: T }> => e.type === type);

/**
 * Play on with heuristic raiders (or `pass` raiders that only end their turns) and the automaton, one decision at a
 * time, and stop just before the decision that ends the raid: its command and actor.
 */
function untilTheEnd(sc: Scenario, raiders: 'heuristic' | 'idle'): { command: RaidCommand; actor: Actor } {
  for (let step = 0; step < 5000; step++) {
    const auto = raid.automaton?.(sc.state);
    const seat = raid.status(sc.state).awaiting[0];
    const actor: Actor = auto ? AUTOMATON : { kind: 'seat', seat: seat ?? 0 };
    let command: RaidCommand | null = auto ?? null;
    if (!command && seat !== undefined) {
      const idle = raid
        .legalCommands(sc.state, seat)
        .find((c) => c.type === 'Pass' || c.type === 'EndTurn' || c.type === 'KeepHand' || c.type === 'Discard');
      command = raiders === 'idle' ? (idle ?? null) : heuristicBot(raid.view(sc.state, { kind: 'seat', seat }), seat, tableRandom([]));
    }
    if (!command) throw new Error('nobody can act');
    const events = raid.decide(command, sc.state, { actor, random: tableRandom([]) });
    if (events.some((e) => e.type === 'RaidEnded')) return { command, actor };
    if (auto) sc.step();
    else sc.send(seat ?? 0, command);
  }
  throw new Error('the raid did not end');
}

t.test('§End: the Dungeon hero with fatal damage is destroyed and the raiders win; the result records the raid', async (t) => {
  const sc = scenario({ seats: 3, options: { difficulty: 'novice', dungeon: 'thornwood-hollow' } });
  const { command, actor } = untilTheEnd(sc, 'heuristic');
  const events = sc.spec.when(command, { actor, random: tableRandom([]) }).events();
  const ended = events.at(-1);
  t.equal(ended?.type, 'RaidEnded', 'RaidEnded is the last event');
  const after = events.reduce(raid.evolve, sc.state);
  const result = after.result;
  t.match(result, { outcome: 'raiders', dungeon: 'thornwood-hollow', difficulty: 'novice', dungeonHeroDestroyed: true });
  t.ok(after.dungeon.hero.damage >= (result?.health ?? Infinity), 'fatal damage: at least its health');
  const all = [...sc.events, ...events];
  const dealt = ofType(all, 'DamageDealt')
    .filter((e) => e.target === 'dh')
    .reduce((n, e) => n + e.amount, 0);
  t.equal(result?.damageDealt, dealt, 'damage dealt to the Dungeon hero over the raid');
  t.same(
    result?.bossesDestroyed,
    ofType(all, 'AllyDestroyed')
      .filter((e) => e.boss)
      .map((e) => e.card),
    'the Boss allies destroyed',
  );
  t.same(raid.status(after), { phase: 'over', awaiting: [], winners: [0, 1, 2] }, 'every raider shares the win');
  const view = raid.view(after, { kind: 'seat', seat: 1 });
  t.same(view.result, result, 'the view carries the result');
  t.same(
    view.achievements.filter((a) => a.earned).map((a) => a.id),
    result?.achievements,
    'the earned achievements are the view’s',
  );
  t.ok(result?.achievements.includes('hollow-cleared'), 'destroying the Dungeon hero is an achievement');
  t.same(raid.legalCommands(after, 0), [], 'nothing more to do');
  specFor(raid, { options: sc.options, seats: 3 })
    .given([...sc.events, ...events])
    .when({ type: 'EndTurn' })
    .thenViolates(t, 'raid/game-over');
});

t.test('§End: a destroyed raider’s cards leave play; the Dungeon wins when every raider is destroyed', async (t) => {
  const sc = scenario({ seats: 2, options: { difficulty: 'legendary', classes: ['pyromancer', 'mender'] } }).keep();
  const { command, actor } = untilTheEnd(sc, 'idle');
  const events = sc.spec.when(command, { actor, random: tableRandom([]) }).events();
  const after = events.reduce(raid.evolve, sc.state);
  t.match(after.result, { outcome: 'dungeon', dungeonHeroDestroyed: false, raidersDestroyed: [0, 1] });
  t.same(raid.status(after).winners, [], 'nobody at the table wins');
  t.ok(
    after.raiders.every((r) => !r.alive && r.allies.length === 0 && r.resources.length === 0 && !r.weapon && !r.armor && !r.talent),
    'nothing of theirs is left in play',
  );
  const first = ofType(sc.events, 'RaiderDefeated')[0];
  t.ok(first, 'one raider fell before the last');
  const dead = first?.seat ?? 0;
  t.same(raid.legalCommands(sc.state, dead), [], 'a destroyed raider has nothing to do');
  t.notOk(
    ofType(sc.events.slice(sc.events.indexOf(first as RaidEvent)), 'TurnStarted').some((e) => e.seat === dead),
    'and takes no more turns',
  );
});

t.test('Achievements: the view lists the dungeon’s achievements and which are earned this run', async (t) => {
  const sc = scenario({ options: { difficulty: 'experienced' }, dungeon: ['bone-rattler', 'rotting-mend'], hands: [['shield-slam']] });
  sc.keep();
  const before = raid.view(sc.state, { kind: 'spectator' }).achievements;
  t.same(
    before.map((a) => a.id),
    ['crypt-cleansed', 'warden-broken', 'hag-hunter', 'all-hands', 'bonebreaker'],
  );
  t.ok(before.every((a) => !a.earned && a.text.length > 0));
  t.match(before[1], { name: 'Warden Broken', text: 'Destroy Tidebound Warden.' });
});
