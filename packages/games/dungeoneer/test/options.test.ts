// dungeoneer.txt, OPTIONAL ADVANCED RULES (agreeing on them before play) and CAMPAIGN ADVENTURES (Multiple-Set
// Campaigns): which options and combinations the server accepts, and the deck construction limits.
import t, { type Test } from 'tap';
import { RuleViolation } from '@delve/kernel';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { deckProblems, dungeoneer, OPTIONAL_RULES, optionsSchema, resolveOptions, STARTER, type Decks } from '../src/index';
import { multiSetDecks } from './support';

const refused = (t: Test, options: object, seats: number, why: RegExp) => {
  try {
    dungeoneer.checkSeats(options, seats);
    t.fail(`${JSON.stringify(options)} with ${seats} seats was accepted`);
  } catch (error) {
    t.type(error, RuleViolation);
    t.equal((error as RuleViolation).code, 'dungeoneer/bad-options');
    t.match((error as RuleViolation).message, why);
  }
};

t.test('OPTIONAL ADVANCED RULES: each rule is an option, off unless agreed before play', async (t) => {
  const check = TypeCompiler.Compile(optionsSchema);
  t.same(OPTIONAL_RULES, ['revealedMap', 'malevolentForce', 'looting', 'secretQuest', 'respawn', 'wanderingPack']);
  for (const rule of OPTIONAL_RULES) {
    t.ok(check.Check({ [rule]: true }), `${rule} is an option`);
    t.equal(resolveOptions({})[rule], false, `${rule} is off by default`);
    t.equal(resolveOptions({ [rule]: true })[rule], true, `${rule} can be switched on`);
  }
  t.notOk(check.Check({ looting: 'yes' }), 'a rule is on or off');
  t.notOk(check.Check({ darkness: true }), 'no unknown options');
});

t.test('OPTIONAL ADVANCED RULES, Malevolent Force and Respawn: the two cannot be used together', async (t) => {
  refused(t, { malevolentForce: true, respawn: true }, 3, /Malevolent Force and Respawn/);
  t.doesNotThrow(() => dungeoneer.checkSeats({ malevolentForce: true }, 3));
  t.doesNotThrow(() => dungeoneer.checkSeats({ respawn: true }, 3));
});

t.test('OPTIONAL ADVANCED RULES: every other combination of the six rules is accepted', async (t) => {
  let accepted = 0;
  for (let mask = 0; mask < 64; mask++) {
    const options = Object.fromEntries(OPTIONAL_RULES.map((rule, i) => [rule, (mask & (1 << i)) !== 0]));
    const clash = options.malevolentForce === true && options.respawn === true;
    try {
      dungeoneer.checkSeats(options, 2);
      accepted++;
      t.notOk(clash, `${JSON.stringify(options)} accepted`);
    } catch {
      t.ok(clash, `${JSON.stringify(options)} refused`);
    }
  }
  t.equal(accepted, 48, '64 combinations less the 16 with both Malevolent Force and Respawn');
});

t.test('CAMPAIGN ADVENTURES: Looting, Respawn, the Wandering Pack and Secret Quests are in force; the rest is refused', async (t) => {
  const o = resolveOptions({ campaign: {} });
  t.match(o, { looting: true, respawn: true, wanderingPack: true, secretQuest: true, revealedMap: false, malevolentForce: false });
  t.same(o.campaign, { dungeonlord: 0, carry: { level: false, treasures: false }, sets: 1, decks: null });
  t.doesNotThrow(() => dungeoneer.checkSeats({ campaign: {}, looting: true }, 3), 'naming a rule already in force is fine');
  refused(t, { campaign: {}, looting: false }, 3, /looting in force/);
  refused(t, { campaign: {}, malevolentForce: true }, 3, /Malevolent Force/);
  refused(t, { campaign: {}, revealedMap: true }, 3, /Build step/);
  refused(t, { campaign: { dungeonlord: 3 } }, 3, /not at this table/);
  t.doesNotThrow(() => dungeoneer.checkSeats({ campaign: { dungeonlord: 2 } }, 3), 'any seat may be the Dungeonlord');
  t.throws(() => dungeoneer.checkSeats({ campaign: {} }, 1), RuleViolation, 'a Dungeonlord needs at least one hero');
});

t.test('CAMPAIGN ADVENTURES: a campaign is accepted with its defaults filled in, as the server fills them', async (t) => {
  const filled = Value.Default(optionsSchema, { campaign: { carry: { level: true } } }) as object;
  t.doesNotThrow(() => dungeoneer.checkSeats(filled, 3), 'filled defaults switch no rule off');
  t.match(resolveOptions(filled), { looting: true, campaign: { dungeonlord: 0, carry: { level: true, treasures: false } } });
});

const legalDecks = multiSetDecks;

t.test('Multiple-Set Campaigns: Peril and Glory decks built to the limits are accepted, with enough sets', async (t) => {
  const decks = legalDecks(2);
  t.same(deckProblems(decks, 2, 4), [], 'four sets hold four copies of everything');
  t.doesNotThrow(() => dungeoneer.checkSeats({ campaign: { sets: 4, decks } }, 3));
  t.match(deckProblems(decks, 2, 1).join(), /4 copies, but 1 set\(s\) hold/, 'one set holds fewer copies');
});

t.test('Multiple-Set Campaigns, Peril Deck: 6 Map cards per hero, rooms and passages alike, 3 quests on them, 70 cards', async (t) => {
  const decks = legalDecks(2);
  const with_ = (peril: Partial<Decks['peril']>): Decks => ({ ...decks, peril: { ...decks.peril, ...peril } });
  t.match(deckProblems(with_({ maps: decks.peril.maps.slice(1) }), 2, 4).join(), /11 Map cards, not 6 per hero player/);
  const rooms = STARTER.map.filter((m) => m.kind === 'room').map((m) => m.id);
  t.match(
    deckProblems(with_({ maps: [...rooms.slice(0, 8), ...decks.peril.maps.slice(8, 12)] }), 2, 4).join(),
    /as many rooms as passages/,
  );
  t.match(deckProblems(with_({ quests: decks.peril.quests.slice(1) }), 2, 4).join(), /5 quests, not 3 per hero player/);
  const offMap = STARTER.quests.find((q) => !decks.peril.maps.includes(q.space) && q.space !== 'entrance')?.id as string;
  t.match(
    deckProblems(with_({ quests: [...decks.peril.quests.slice(1), offMap] }), 2, 4).join(),
    /played on Map cards the Peril deck does not hold/,
  );
  t.match(deckProblems(with_({ cards: decks.peril.cards.slice(0, 10) }), 2, 4).join(), /fewer than 70/);
  t.match(
    deckProblems(with_({ cards: [...decks.peril.cards, { card: 'second-wind', copies: 1 }] }), 2, 4).join(),
    /second-wind does not belong/,
  );
});

t.test('Multiple-Set Campaigns, Glory Deck: at least 1 Hero card, 60 cards, no more than 4 copies of a card', async (t) => {
  const decks = legalDecks(2);
  const with_ = (glory: Partial<Decks['glory']>): Decks => ({ ...decks, glory: { ...decks.glory, ...glory } });
  t.match(deckProblems(with_({ heroes: ['brannoc'] }), 2, 4).join(), /a Hero card for each of the 2 hero players/);
  t.match(deckProblems(with_({ cards: decks.glory.cards.slice(0, 5) }), 2, 4).join(), /fewer than 60/);
  t.notOk(
    TypeCompiler.Compile(optionsSchema).Check({ campaign: { decks: with_({ cards: [{ card: 'second-wind', copies: 5 }] }) } }),
    'five copies do not pass the schema',
  );
  refused(t, { campaign: { sets: 4, decks: with_({ cards: decks.glory.cards.slice(0, 5) }) } }, 3, /fewer than 60/);
});
