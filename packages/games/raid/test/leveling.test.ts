// §Raider Leveling Guide: levels by XP, the deck unlocks of levels 10 to 80 and their limits, level 85's hand and
// health, and the deal seeing the character as it was when its seat was claimed.
import t from 'tap';
import { createdRecord, decideBatch, type GameRecord, type Message } from '@delve/kernel';
import { raid, UNLOCKS, type RaidCharacterEvent, type RaidEvent, type RaidState } from '../src/index';
import { CATALOG, CLASS_IDS } from '../src/content/index';
import { Raider, scenario } from './support';

const levels = (events: readonly RaidCharacterEvent[]) => events.flatMap((e) => (e.type === 'LevelReached' ? [e] : []));
const count = (deck: readonly string[], card: string) => deck.filter((c) => c === card).length;

t.test('Raider Leveling Guide: a level is named by the XP that reaches it; below 10 XP level 0, and XP counts on past 85', async (t) => {
  const raider = new Raider();
  t.same(levels(raider.run()), [], '5 XP: no level yet');
  t.match(raider.sheet, { level: 0, levelName: 'Starter', xp: 5, nextLevel: { level: 10, xp: 10, xpToGo: 5 } });
  raider.reach(9);
  t.same(
    levels(raider.run()),
    [{ type: 'LevelReached', level: 10, unlock: true, handSize: 7, heroHealthBonus: 0 }],
    'the run that takes XP from 9 to 11 reaches level 10',
  );
  t.match(raider.sheet, { level: 10, levelName: 'Level 10', xp: 11, nextLevel: { level: 20, xpToGo: 9 } });
  // A first victory elsewhere with three Bosses: 16 XP at once, from 19 past 20 and 30.
  raider.reach(19);
  const big = raider.run({
    dungeon: 'thornwood-hollow',
    victory: true,
    bossesDestroyed: ['rotroot-guardian', 'aeva-thistle-queen', 'gnarlhorn'],
  });
  t.same(
    levels(big).map((e) => e.level),
    [20, 30],
    'one run may reach several levels',
  );
  raider.reach(83);
  t.same(
    levels(raider.run()),
    [{ type: 'LevelReached', level: 85, unlock: false, handSize: 8, heroHealthBonus: 10 }],
    'level 85: no unlock, hand size 8 and +10 health',
  );
  t.same(levels(raider.run()), [], 'nothing past 85');
  t.match(raider.sheet, { level: 85, xp: 87, nextLevel: null, handSize: 8, heroHealthBonus: 10 }, 'XP keeps counting');
  t.same(
    raider.sheet.unlocksToSpend.map((u) => u.level),
    [10, 20, 30, 40, 50, 60, 70, 80],
    'an unlock for each of levels 10 to 80, unspent',
  );
});

t.test('Raider Leveling Guide, level 10: two copies of one Common ability and two of one Common ally, added or replacing', async (t) => {
  const raider = new Raider('guardian').reach(10);
  const events = raider.send({
    type: 'SpendUnlock',
    level: 10,
    picks: [
      { card: 'quick-jab', replaces: 'shield-slam' },
      { card: 'quick-jab', replaces: 'shield-slam' },
      { card: 'river-scout' },
      { card: 'river-scout' },
    ],
  });
  t.same(events, [
    {
      type: 'DeckUpgraded',
      level: 10,
      changes: [
        { card: 'quick-jab', replaced: 'shield-slam' },
        { card: 'quick-jab', replaced: 'shield-slam' },
        { card: 'river-scout', replaced: null },
        { card: 'river-scout', replaced: null },
      ],
    },
  ]);
  const deck = raider.profile.deck;
  t.equal(deck.length, 32, 'two cards replaced, two added');
  t.same(
    ['shield-slam', 'quick-jab', 'river-scout'].map((c) => count(deck, c)),
    [1, 2, 2],
    'the deal will see the new deck',
  );
  const sheet = raider.sheet;
  t.same(
    sheet.deck.cards.filter((c) => c.origin === 'unlock').map((c) => [c.card, c.copies, c.unlockLevel]),
    [
      ['quick-jab', 2, 10],
      ['river-scout', 2, 10],
    ],
    'the sheet says where each upgrade came from',
  );
  t.match(
    sheet.deck.cards.find((c) => c.card === 'shield-slam'),
    { origin: 'starter', copies: 1 },
  );
  t.match(sheet.upgrades[0], { level: 10, card: 'quick-jab', name: 'Quick Jab', replaced: 'shield-slam', replacedName: 'Shield Slam' });
  t.same([sheet.unlocksSpent, sheet.unlocksToSpend], [[10], []]);
});

t.test('Raider Leveling Guide: an unlock is spent once, and only after its level is reached', async (t) => {
  const raider = new Raider().reach(10);
  raider.when({ type: 'SpendUnlock', level: 20, picks: [{ card: 'skyfall' }] }).thenViolates(t, 'raid/unlock-not-reached');
  raider.send({ type: 'SpendUnlock', level: 10, picks: [{ card: 'quick-jab' }] });
  raider.when({ type: 'SpendUnlock', level: 10, picks: [{ card: 'river-scout' }] }).thenViolates(t, 'raid/unlock-spent');
  t.equal(raider.profile.deck.length, 31, 'fewer cards than allowed: the rest of the unlock is forgone');
});

t.test('Raider Leveling Guide: rarity and type limits, the treasure pool, the class and the deck are checked', async (t) => {
  const raider = new Raider('guardian').reach(20);
  const spend = (level: 10 | 20, ...picks: { card: string; replaces?: string }[]) => raider.when({ type: 'SpendUnlock', level, picks });
  spend(10, { card: 'skyfall' }).thenViolates(t, 'raid/not-allowed-at-level');
  spend(10, { card: 'militia-spear' }).thenViolates(t, 'raid/not-allowed-at-level');
  spend(10, { card: 'duskblade-rogue' }).thenViolates(t, 'raid/not-allowed-at-level');
  spend(10, { card: 'quick-jab' }, { card: 'quick-jab' }, { card: 'quick-jab' }).thenViolates(t, 'raid/unlock-limit');
  spend(10, { card: 'quick-jab' }, { card: 'poultice' }).thenViolates(t, 'raid/unlock-limit');
  spend(10, { card: 'shield-slam' }).thenViolates(t, 'raid/not-treasure');
  spend(10, { card: 'bone-rattler' }).thenViolates(t, 'raid/not-treasure');
  spend(10, { card: 'nonesuch' }).thenViolates(t, 'raid/not-treasure');
  spend(10, { card: 'quick-jab', replaces: 'searing-orb' }).thenViolates(t, 'raid/not-in-deck');
  spend(20, { card: 'skyfall', replaces: 'veterans-resolve' }, { card: 'banish', replaces: 'veterans-resolve' }).thenViolates(
    t,
    'raid/not-in-deck',
  );
  spend(20, { card: 'pyroclasm-focus' }).thenViolates(t, 'raid/other-class');
  spend(20, { card: 'dawnbringer' }).thenViolates(t, 'raid/not-allowed-at-level');
  t.equal(raider.events.filter((e) => e.type === 'DeckUpgraded').length, 0, 'nothing was spent');
});

t.test('Raider Leveling Guide, levels 20 and 40: two Rare cards, talents of the class included', async (t) => {
  const raider = new Raider('guardian').reach(40);
  const picks = [{ card: 'shield-mastery', replaces: 'veterans-resolve' }, { card: 'smoldering-axe' }];
  t.match(raider.send({ type: 'SpendUnlock', level: 20, picks }), [{ type: 'DeckUpgraded', level: 20 }]);
  t.match(raider.send({ type: 'SpendUnlock', level: 40, picks: [{ card: 'skyfall' }, { card: 'skyfall' }] }), [{ level: 40 }]);
  t.same(
    ['veterans-resolve', 'shield-mastery', 'smoldering-axe', 'skyfall'].map((c) => count(raider.profile.deck, c)),
    [0, 1, 1, 2],
  );
});

t.test('Raider Leveling Guide, levels 30, 50 and 70: Common or Uncommon equipment (or abilities at 50) and allies', async (t) => {
  const raider = new Raider('mender').reach(70);
  raider.when({ type: 'SpendUnlock', level: 30, picks: [{ card: 'sunder' }] }).thenViolates(t, 'raid/not-allowed-at-level');
  raider.when({ type: 'SpendUnlock', level: 50, picks: [{ card: 'chain-hauberk' }] }).thenViolates(t, 'raid/not-allowed-at-level');
  const two = (card: string) => [{ card }, { card }];
  t.match(raider.send({ type: 'SpendUnlock', level: 30, picks: [...two('chain-hauberk'), ...two('duskblade-rogue')] }), [{ level: 30 }]);
  t.match(raider.send({ type: 'SpendUnlock', level: 50, picks: [...two('sunder'), ...two('militia-pikeman')] }), [{ level: 50 }]);
  t.match(raider.send({ type: 'SpendUnlock', level: 70, picks: [...two('hunting-bow'), ...two('field-medic')] }), [{ level: 70 }]);
  t.equal(raider.profile.deck.length, 42);
});

t.test('Raider Leveling Guide, levels 60 and 80: two Rare or Epic cards, talents included', async (t) => {
  const raider = new Raider('pyromancer').reach(80);
  t.match(raider.send({ type: 'SpendUnlock', level: 60, picks: [{ card: 'archmage-ascendance' }, { card: 'skyfall' }] }), [{ level: 60 }]);
  raider.when({ type: 'SpendUnlock', level: 80, picks: [{ card: 'heart-of-the-grove' }] }).thenViolates(t, 'raid/other-class');
  raider.when({ type: 'SpendUnlock', level: 80, picks: [{ card: 'sunder' }] }).thenViolates(t, 'raid/not-allowed-at-level');
  t.match(raider.send({ type: 'SpendUnlock', level: 80, picks: [{ card: 'dawnbringer' }, { card: 'wrath-of-ages' }] }), [{ level: 80 }]);
});

t.test('Raider Leveling Guide: every class can spend every unlock from the treasure pool; no card fits two parts of one', async (t) => {
  const treasure = CATALOG.content.treasure.map((id) => CATALOG.cards.get(id));
  for (const [level, slots] of Object.entries(UNLOCKS)) {
    for (const cls of CLASS_IDS) {
      for (const slot of slots) {
        const fits = treasure.filter(
          (c) => c && slot.types.includes(c.type) && c.rarity && slot.rarities.includes(c.rarity) && (c.class ?? cls) === cls,
        );
        t.ok(fits.length > 0, `level ${level}, ${cls}: ${fits.length} cards fit a part`);
      }
    }
    const parts = slots.flatMap((s) => s.types.flatMap((type) => s.rarities.map((r) => `${type}/${r}`)));
    t.equal(new Set(parts).size, parts.length, `level ${level}: its parts do not overlap`);
  }
});

t.test('Raider Leveling Guide, level 85: starting and maximum hand size eight, and the hero has +10 health', async (t) => {
  const raider = new Raider('guardian').reach(85);
  t.same([raider.profile.handSize, raider.profile.heroHealthBonus], [8, 10]);
  t.match(raider.sheet.hero, { printedHealth: 30, health: 40 });
  const sc = scenario({ options: { classes: ['guardian'] }, profiles: [raider.profile] });
  t.match(sc.events[0], { type: 'RaidSetUp', raiders: [{ heroHealth: 40, handSize: 8 }] });
  t.equal(sc.raider(0).hand.length, 8, 'eight cards to start');
  // Novice: the raider's first turn draws a ninth card; at the end only one goes, down to eight.
  sc.keep();
  t.equal(sc.raider(0).hand.length, 9);
  const from = sc.events.length;
  sc.send(0, { type: 'EndTurn' });
  t.match(sc.since(from, 'HandLimitReached'), [{ type: 'HandLimitReached', seat: 0, excess: 1 }], 'the maximum is eight');
});

t.test('A raider joins a raid with its deck and level as they were when its seat was claimed', async (t) => {
  const raider = new Raider('guardian').reach(20);
  raider.send({ type: 'SpendUnlock', level: 10, picks: [{ card: 'quick-jab' }, { card: 'quick-jab' }] });
  let record = createdRecord(
    {
      type: 'GameCreated',
      gameId: '00000000-0000-4000-8000-000000000001',
      module: 'raid',
      rulesVersion: raid.rulesVersion,
      options: {},
      seats: 2,
      seedHash: '',
      seed: 'snapshot',
    },
    raid,
  ) as GameRecord<RaidState>;
  const claim = (seat: number, character: { id: string; revision: number; profile: unknown } | null) => {
    const batch = decideBatch(record, raid, { kind: 'claim', seat, name: `seat ${seat}`, tokenHash: 'h', player: 'p', character });
    record = batch.record as GameRecord<RaidState>;
    return batch.events.map((e) => e.event as Message);
  };
  claim(0, { id: 'hilde', revision: 3, profile: raider.profile });
  // After the claim the raider spends another unlock: the raid already holds the snapshot.
  raider.send({ type: 'SpendUnlock', level: 20, picks: [{ card: 'skyfall' }, { card: 'skyfall' }] });
  const dealt = claim(1, null) as RaidEvent[];
  const built = dealt.find((e) => e.type === 'DeckBuilt' && e.seat === 0);
  const cards = built?.type === 'DeckBuilt' ? built.cards.map((c) => c.card) : [];
  t.same([cards.length, count(cards, 'quick-jab'), count(cards, 'skyfall')], [32, 2, 0], 'the deck as it was at the claim');
  t.equal(raider.profile.deck.length, 34, 'the next raid will see the newer deck');
});
