// §Level Up Rules, the Experience Table and its note: what a finished run earns each raider, recorded once per game.
import t from 'tap';
import { decideCharacter, evolveCharacter, type CharacterState, type Message } from '@delve/kernel';
import { playout } from '@delve/kernel/testing';
import { heuristicBot, raid, raidProgression, type RaidCharacterEvent, type RaidState } from '../src/index';
import { classDef, dungeonDef } from '../src/content/index';
import { Raider } from './support';

const runOf = (events: readonly RaidCharacterEvent[]) => {
  const run = events.find((e) => e.type === 'RunRecorded');
  if (run?.type !== 'RunRecorded') throw new Error('no run recorded');
  return run;
};
const reasons = (events: readonly RaidCharacterEvent[]) => runOf(events).lines.map((l) => [l.reason, l.xp, l.card]);

/** A raid played to its end by heuristic raiders from their own views, through the kernel's real pipeline. */
function finishedRaid(options: object, seed: string): RaidState {
  const result = playout(raid, {
    options,
    seats: 3,
    seed,
    choose: (state, random) => {
      const seat = raid.status(state).awaiting[0];
      const command = seat === undefined ? null : heuristicBot(raid.view(state, { kind: 'seat', seat }), seat, random);
      return seat === undefined || !command ? null : { seat, command };
    },
  });
  if (!result.finished) throw new Error(`the raid ${seed} did not finish`);
  return result.state;
}

t.test('Raider Leveling Guide: a raider is created from its class starter deck and starts at 0 XP', async (t) => {
  const raider = new Raider('mender');
  const starter = classDef('mender').deck.flatMap((e) => Array.from({ length: e.count }, () => e.card));
  t.same(raider.events, [{ type: 'RaiderCreated', classId: 'mender', hero: 'maera-thornsong', deck: starter }]);
  t.match(raider.sheet, {
    class: { id: 'mender', name: 'Mender' },
    hero: { id: 'maera-thornsong', health: 28 },
    xp: 0,
    level: 0,
    runs: [],
  });
  t.same(raider.profile, { classId: 'mender', deck: starter, handSize: 7, heroHealthBonus: 0 }, 'the deal sees the starter deck');
  t.ok(
    raider.sheet.deck.cards.every((c) => c.origin === 'starter'),
    'every card comes from the starter deck',
  );
});

t.test('Experience Table: 5 XP for the first run at a dungeon, 2 XP for each later run of it, whatever the mode', async (t) => {
  const raider = new Raider();
  t.same(reasons(raider.run({ dungeon: 'drowned-crypt' })), [['firstAttempt', 5, null]]);
  t.same(reasons(raider.run({ dungeon: 'drowned-crypt', difficulty: 'heroic' })), [['laterRun', 2, null]], 'a later run, at another mode');
  t.same(reasons(raider.run({ dungeon: 'emberforge-depths' })), [['firstAttempt', 5, null]], 'another dungeon is a first attempt');
  t.same(reasons(raider.run({ dungeon: 'emberforge-depths' })), [['laterRun', 2, null]]);
  t.equal(raider.state.xp, 14);
  t.same(
    raider.sheet.runs.map((r) => [r.attempt, r.xp]),
    [
      ['first', 5],
      ['later', 2],
      ['first', 5],
      ['later', 2],
    ],
  );
});

t.test('Experience Table: 2 XP for dealing at least half the Dungeon hero’s health in damage when the run fails', async (t) => {
  const raider = new Raider();
  raider.run();
  const later: [string, number, null] = ['laterRun', 2, null];
  for (const [damageDealt, health, half, label] of [
    [25, 50, true, 'exactly half'],
    [24, 50, false, 'one short of half'],
    [25, 49, true, 'half of an odd health'],
    [24, 49, false, 'below half of an odd health'],
  ] as const) {
    t.same(reasons(raider.run({ damageDealt, health })), half ? [later, ['halfHealth', 2, null]] : [later], label);
  }
  t.same(
    reasons(raider.run({ victory: true, damageDealt: 50, health: 50 })),
    [
      ['laterRun', 2, null],
      ['dungeonHeroDestroyed', 5, null],
    ],
    'a victory earns the 5, not the 2 for failing',
  );
});

t.test('Experience Table: 5 XP for destroying the Dungeon hero and 2 XP for each Boss ally destroyed', async (t) => {
  const raider = new Raider();
  const events = raider.run({ victory: true, damageDealt: 52, health: 52, bossesDestroyed: ['tidebound-warden', 'selka-brine-hag'] });
  t.same(reasons(events), [
    ['firstAttempt', 5, null],
    ['dungeonHeroDestroyed', 5, null],
    ['bossDestroyed', 2, 'tidebound-warden'],
    ['bossDestroyed', 2, 'selka-brine-hag'],
  ]);
  t.match(runOf(events), { xp: 14, total: 14 });
  const defeat = raider.run({ bossesDestroyed: ['tidebound-warden'] });
  t.same(
    reasons(defeat),
    [
      ['laterRun', 2, null],
      ['bossDestroyed', 2, 'tidebound-warden'],
    ],
    'a Boss counts in a failed run too',
  );
});

t.test('Experience Table note: each achievement at most once per run, so a Boss destroyed twice counts once', async (t) => {
  // A real raid in which the Dungeon's Enrage reshuffled its graveyard and the raiders destroyed both Bosses twice.
  const state = finishedRaid({ dungeon: 'drowned-crypt', difficulty: 'novice' }, 'share-14');
  const outcome = raidProgression.outcome(state, 0);
  t.same(
    [...(outcome?.bossesDestroyed ?? [])].sort(),
    ['selka-brine-hag', 'selka-brine-hag', 'tidebound-warden', 'tidebound-warden'],
    'each Boss was destroyed twice',
  );
  const raider = new Raider();
  const lines = runOf(raidProgression.record({ gameId: 'g', seat: 0, won: false, at: 'now', outcome }, raider.state)).lines;
  t.same(
    lines
      .filter((l) => l.reason === 'bossDestroyed')
      .map((l) => l.card)
      .sort(),
    ['selka-brine-hag', 'tidebound-warden'],
    '2 XP per Boss',
  );
});

t.test('Experience Table note: every raider of the run earns the same, whatever the outcome and dead or alive', async (t) => {
  // Two real raids: a victory in which one raider's hero fell, and a failed run in which every hero fell.
  const won = finishedRaid({ dungeon: 'emberforge-depths', difficulty: 'novice' }, 'scan-8');
  const lost = finishedRaid({ dungeon: 'drowned-crypt', difficulty: 'novice' }, 'share-5');
  for (const [state, label] of [
    [won, 'the victory'],
    [lost, 'the failed run'],
  ] as const) {
    const outcomes = [0, 1, 2].map((seat) => raidProgression.outcome(state, seat));
    const runs = outcomes.map((o) => runOf(new Raider().run(o ?? {})));
    t.same(
      runs.map((r) => [r.lines, r.xp, r.achievements]),
      runs.map(() => [runs[0]?.lines, runs[0]?.xp, runs[0]?.achievements]),
      `${label}: the same lines, XP and achievements for all three`,
    );
    t.ok((runs[0]?.xp ?? 0) > 5, `${label}: more than the run itself`);
  }
  const survived = [0, 1, 2].map((seat) => raidProgression.outcome(won, seat)?.survived);
  t.same(survived, [false, true, true], 'in the victory, raider 0 was destroyed');
  t.same(
    reasons([runOf(new Raider().run(raidProgression.outcome(won, 0) ?? {}))]),
    [
      ['firstAttempt', 5, null],
      ['dungeonHeroDestroyed', 5, null],
      ['bossDestroyed', 2, 'cinder-matron'],
      ['achievement', 3, 'forge-quenched'],
      ['achievement', 2, 'matron-snuffed'],
      ['achievement', 4, 'into-the-fire'],
    ],
    'and still earns the victory, the group’s Boss and the group’s achievement cards',
  );
  t.same(
    reasons([runOf(new Raider().run(raidProgression.outcome(lost, 0) ?? {}))]),
    [
      ['firstAttempt', 5, null],
      ['halfHealth', 2, null],
      ['achievement', 3, 'bonebreaker'],
    ],
    'in the failed run every raider earns the run, the half-health line and the achievement the group earned',
  );
});

t.test('Experience Table note: each achievement card the group earned pays its printed XP, once per run, to every raider', async (t) => {
  const cards = dungeonDef('drowned-crypt').achievements;
  t.ok(
    cards.every((a) => a.xp >= 1),
    'every achievement card prints its XP',
  );
  const raider = new Raider();
  const run = raider.run({ dungeon: 'drowned-crypt', achievements: ['all-hands', 'bonebreaker', 'all-hands', 'no-such-card'] });
  t.same(
    reasons(run).filter(([reason]) => reason === 'achievement'),
    [
      ['achievement', cards.find((a) => a.id === 'all-hands')?.xp, 'all-hands'],
      ['achievement', cards.find((a) => a.id === 'bonebreaker')?.xp, 'bonebreaker'],
    ],
    'once each, at its printed XP; an id the dungeon does not ship pays nothing',
  );
  t.equal(runOf(run).xp, 5 + 4 + 3, 'the run’s XP adds the achievements to the table’s lines');
  const sheet = raider.sheet;
  t.same(
    sheet.runs[0]?.achievements.map((a) => [a.id, a.xp]),
    [
      ['all-hands', 4],
      ['bonebreaker', 3],
      ['no-such-card', 0],
    ],
    'the sheet shows what each achievement paid in the run',
  );
  t.same(
    sheet.dungeons.find((d) => d.dungeon === 'drowned-crypt')?.achievements.map((a) => [a.id, a.xp]),
    cards.map((a) => [a.id, a.xp]),
    'and the XP printed on every achievement card of the dungeon',
  );
});

t.test('Level Up Rules: XP is granted when the run ends, either side defeated, and recorded once per character and game', async (t) => {
  const finished = finishedRaid({ dungeon: 'thornwood-hollow' }, 'share-2');
  t.not(raidProgression.outcome(finished, 0), null, 'a finished raid has an outcome for each seat');
  t.equal(raidProgression.outcome(raid.initialState({}, 3), 0), null, 'a raid not yet over earns nothing');
  t.equal(raidProgression.outcome(finished, 3), null, 'nor does a seat that is not at the table');
  // The kernel's character decider records a game once: the same game again decides nothing.
  let character: CharacterState | undefined;
  const fold = (events: readonly Message[]) => {
    for (const e of events) character = evolveCharacter(character, e, '2025-01-01T00:00:00.000Z', raid);
  };
  fold(decideCharacter({ kind: 'create', characterId: 'c', owner: 'p', name: 'Hilde', options: { class: 'guardian' } }, null, raid));
  const result = { gameId: 'g1', seat: 0, won: true, at: '2025-01-01T00:00:00.000Z', outcome: raidProgression.outcome(finished, 0) };
  fold(decideCharacter({ kind: 'record', result }, character ?? null, raid));
  t.same(decideCharacter({ kind: 'record', result }, character ?? null, raid), [], 'a second record of the same game is nothing');
  t.equal((character?.progression as { runs: unknown[] }).runs.length, 1);
});
