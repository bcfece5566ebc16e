// Character sheets (the Level Up Rules' Character Sheets) and the modes a record suggests (§Dungeon Difficulty Modes).
import t from 'tap';
import { createdRecord, decideBatch, randomFor, type GameRecord } from '@delve/kernel';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { raid, raidProgression, sheetSchema, type RaidCharacterCommand, type RaidState } from '../src/index';
import { Raider } from './support';

const fits = TypeCompiler.Compile(sheetSchema);

t.test('Character sheets: every sheet fits sheetSchema, from before creation is folded to a long career', async (t) => {
  t.ok(
    fits.Check(raidProgression.sheet(raidProgression.initialState())),
    'an empty sheet (the kernel shows it before the class is folded)',
  );
  // Seeded random careers: runs of every kind, unlocks spent whenever a legal pick is at hand.
  const picks: Record<number, RaidCharacterCommand['picks']> = {
    10: [{ card: 'poultice' }, { card: 'river-scout' }],
    20: [{ card: 'battle-hardened' }],
    30: [{ card: 'padded-jerkin' }],
    40: [{ card: 'spellbreak' }],
    50: [{ card: 'sunder' }],
    60: [{ card: 'wyrmscale-mail' }],
    70: [{ card: 'field-medic' }],
    80: [{ card: 'titan-of-the-vale' }],
  };
  for (let career = 0; career < 12; career++) {
    const random = randomFor('careers', career);
    const raider = new Raider((['guardian', 'pyromancer', 'mender'] as const)[career % 3]);
    let failures = 0;
    for (let run = 0; run < 20; run++) {
      const dungeon = random.pick(['drowned-crypt', 'emberforge-depths', 'thornwood-hollow']);
      const victory = random.int(2) === 0;
      raider.run({
        dungeon,
        difficulty: random.pick(['novice', 'experienced', 'heroic', 'legendary'] as const),
        victory,
        survived: victory && random.int(2) === 0,
        damageDealt: random.int(70),
        health: 50 + random.int(13),
      });
      for (const { level } of raider.state.unlocks.filter((u) => !u.spent))
        raider.send({ type: 'SpendUnlock', level: level as 10, picks: picks[level] ?? [] });
      const sheet = raider.sheet;
      if (!fits.Check(sheet) && failures++ === 0)
        t.fail(`career ${career}, run ${run}: the sheet breaks its schema`, { errors: [...fits.Errors(sheet)].slice(0, 3) });
      const xp = sheet.runs.reduce((sum, r) => sum + r.xp, 0);
      if ((xp !== sheet.xp || sheet.deck.size !== raider.profile.deck.length) && failures++ === 0)
        t.fail(`career ${career}, run ${run}: the XP or the deck disagree`, { xp, sheet: sheet.xp });
    }
    t.equal(failures, 0, `career ${career}: 20 runs, ${raider.sheet.xp} XP, level ${raider.sheet.level}`);
  }
});

t.test('Character sheets: each run with its dungeon, mode, date, outcome, achievements and XP; achievements per dungeon', async (t) => {
  const raider = new Raider('pyromancer');
  raider.run(
    {
      dungeon: 'thornwood-hollow',
      difficulty: 'experienced',
      victory: true,
      survived: false,
      damageDealt: 58,
      health: 58,
      bossesDestroyed: ['gnarlhorn'],
      achievements: ['hollow-cleared', 'horn-trophy'],
    },
    '2025-03-01T10:00:00.000Z',
  );
  raider.run({ dungeon: 'thornwood-hollow', damageDealt: 40, health: 62, achievements: ['horn-trophy'] }, '2025-03-02T10:00:00.000Z');
  const sheet = raider.sheet;
  t.match(sheet.runs[0], {
    gameId: 'game-1',
    at: '2025-03-01T10:00:00.000Z',
    dungeon: 'thornwood-hollow',
    dungeonName: 'Thornwood Hollow',
    difficulty: 'experienced',
    victory: true,
    survived: false,
    attempt: 'first',
    achievements: [
      { id: 'hollow-cleared', name: 'Hollow Cleared', xp: 3 },
      { id: 'horn-trophy', name: 'Horn Trophy', xp: 2 },
    ],
    xp: 17,
  });
  t.match(sheet.runs[1], {
    attempt: 'later',
    victory: false,
    xp: 6,
    lines: [{ reason: 'laterRun' }, { reason: 'halfHealth' }, { reason: 'achievement', card: 'horn-trophy', xp: 2 }],
  });
  const hollow = sheet.dungeons.find((d) => d.dungeon === 'thornwood-hollow');
  t.match(hollow, { runs: 2, victories: 1, hardestVictory: 'experienced', lastRun: { difficulty: 'novice', victory: false } });
  t.same(
    hollow?.achievements.map((a) => [a.id, a.timesEarned, a.firstEarnedAt]),
    [
      ['hollow-cleared', 1, '2025-03-01T10:00:00.000Z'],
      ['root-and-branch', 0, null],
      ['queens-fall', 0, null],
      ['horn-trophy', 2, '2025-03-01T10:00:00.000Z'],
      ['unbroken-circle', 0, null],
      ['weed-whacker', 0, null],
    ],
    'every achievement of the dungeon, earned or not, with how often',
  );
  t.match(hollow?.achievements[0], { text: 'Destroy the Dungeon hero.' });
  t.same(
    sheet.dungeons.map((d) => d.runs),
    [0, 0, 2],
    'every dungeon is listed',
  );
});

t.test('Dungeon Difficulty Modes: the sheet suggests Novice first, then up after a victory and down after a defeat', async (t) => {
  const raider = new Raider();
  const suggested = (dungeon = 'drowned-crypt') => raider.sheet.dungeons.find((d) => d.dungeon === dungeon)?.suggestedDifficulties;
  t.same(suggested(), ['novice'], 'before a first run: Novice, as the text recommends');
  raider.run({ difficulty: 'novice', victory: true });
  t.same(suggested(), ['novice', 'experienced'], 'a victory: the same mode or the next harder');
  raider.run({ difficulty: 'experienced', victory: true });
  t.same(suggested(), ['experienced', 'heroic']);
  raider.run({ difficulty: 'heroic', victory: false });
  t.same(suggested(), ['experienced', 'heroic'], 'a defeat: the same mode or the next easier');
  raider.run({ difficulty: 'novice', victory: false });
  t.same(suggested(), ['novice'], 'no mode below Novice');
  raider.run({ difficulty: 'legendary', victory: true });
  t.same(suggested(), ['legendary'], 'no mode above Legendary');
  t.same(suggested('emberforge-depths'), ['novice'], 'each dungeon on its own record');
});

t.test('Dungeon Difficulty Modes: a suggestion never forbids a mode; a new raider may be seated at Legendary', async (t) => {
  const raider = new Raider('mender');
  t.same(raider.sheet.dungeons[0]?.suggestedDifficulties, ['novice']);
  const record = createdRecord(
    {
      type: 'GameCreated',
      gameId: '00000000-0000-4000-8000-000000000002',
      module: 'raid',
      rulesVersion: raid.rulesVersion,
      options: { difficulty: 'legendary' },
      seats: 1,
      seedHash: '',
      seed: 'legendary',
    },
    raid,
  ) as GameRecord<RaidState>;
  const character = { id: 'maera', revision: 1, profile: raider.profile };
  const { record: after } = decideBatch(record, raid, { kind: 'claim', seat: 0, name: 'Maera', tokenHash: 'h', player: 'p', character });
  t.equal(after.status, 'active', 'the raid starts');
  t.match((after.state as RaidState).raiders[0], { classId: 'mender' });
});
