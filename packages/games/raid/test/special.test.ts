// §Special Dungeon Rules and Card Interactions: hand and discard substitutions, cost 0, Boss.
import t from 'tap';
import { raid, profileFromOptions, type RaidEvent } from '../src/index';
import { resolveOptions } from '../src/options';
import { targetsFor } from '../src/rules/plays';
import { scenario } from './support';

const ofType = <T extends RaidEvent['type']>(events: readonly RaidEvent[], type: T) =>
  events.filter((e): e is Extract<RaidEvent, { type: T }> => e.type === type);

/** A guardian whose starter deck carries a few treasure cards (the character issue will build such decks). */
function guardianWith(...cards: string[]) {
  const starter = profileFromOptions(resolveOptions({ classes: ['guardian'] }, 1), 0);
  return { ...starter, deck: [...starter.deck.slice(cards.length), ...cards] };
}

t.test('§Special Rules: a Dungeon card that would go to its owner’s hand goes on top of the Dungeon deck instead', async (t) => {
  const sc = scenario({
    options: { difficulty: 'experienced' },
    dungeon: ['bone-rattler', 'rotting-mend', 'rotting-mend'],
    profiles: [guardianWith('banish')],
    hands: [['banish']],
  });
  sc.keep().resourcesUp(0, 2, ['banish']);
  const rattler = sc.dungeonAlly('bone-rattler');
  sc.spec.when({ type: 'PlayCard', card: sc.hand(0, 'banish'), target: rattler }, { seat: 0 }).then(t, [
    { type: 'CostPaid', seat: 0, amount: 2 },
    { type: 'CardPlayed', seat: 0, card: { id: sc.hand(0, 'banish'), card: 'banish' }, target: rattler, replaced: null },
    { type: 'CardReturned', seat: null, card: { id: rattler, card: 'bone-rattler' }, to: 'deck-top' },
    { type: 'AbilityResolved', seat: 0, card: sc.hand(0, 'banish') },
  ]);
  sc.play(0, sc.hand(0, 'banish'), rattler);
  t.equal(sc.state.dungeon.deck[0], rattler, 'it lies on top of the Dungeon deck');
  t.same(
    raid.view(sc.state, { kind: 'seat', seat: 0 }).dungeon.knownTop.map((c) => c.id),
    [rattler],
    'everyone saw it go there, so it is public',
  );
  const from = sc.events.length;
  sc.endTurn();
  t.equal(ofType(sc.since(from), 'CardFlipped')[0]?.card.id, rattler, 'and it is flipped again');
});

t.test('§Special Rules: a Dungeon discard of N puts the top N cards of its deck into its graveyard', async (t) => {
  const sc = scenario({
    options: { difficulty: 'novice' },
    dungeon: ['rotting-mend', 'chill-of-the-grave', 'undertow', 'bone-rattler'],
    profiles: [guardianWith('delving-charge')],
    hands: [['delving-charge']],
  });
  sc.keep().resourcesUp(0, 2, ['delving-charge']);
  const top = sc.state.dungeon.deck.slice(0, 2);
  const events = sc.spec.when({ type: 'PlayCard', card: sc.hand(0, 'delving-charge') }, { seat: 0 }).events();
  t.same(ofType(events, 'CardsDiscarded'), [
    {
      type: 'CardsDiscarded',
      seat: null,
      from: 'deck',
      cards: top.map((id) => ({ id, card: sc.state.cards[id] ?? '' })),
      reason: 'effect',
    },
  ]);
});

t.test('§Special Rules: a raider the Dungeon makes discard loses cards from the hand at random (recorded)', async (t) => {
  const sc = scenario({ options: { difficulty: 'experienced' }, dungeon: ['necrotic-touch'] }).keep();
  const discarded = ofType(sc.events, 'CardsDiscarded');
  t.equal(discarded.length, 1);
  t.match(discarded[0], { seat: 0, from: 'hand', reason: 'effect' });
  t.equal(sc.raider(0).graveyard[0], discarded[0]?.cards[0]?.id, 'face up in its graveyard');
});

t.test('§Special Rules: every Dungeon card costs 0 when a cost is referenced', async (t) => {
  const sc = scenario({ options: { difficulty: 'experienced', dungeon: 'emberforge-depths' }, dungeon: ['slag-colossus'] }).keep();
  const colossus = sc.dungeonAlly('slag-colossus');
  t.same(targetsFor(sc.state, { side: 'enemy', kind: 'ally', maxCost: 0 }), [colossus], '“cost 0 or less” reaches a Boss');
  t.equal(raid.view(sc.state, { kind: 'spectator' }).dungeon.allies[0]?.cost, 0);
});

t.test('§Special Rules, Boss: while a Boss ally is in play raiders cannot attack the Dungeon hero; abilities may target it', async (t) => {
  const sc = scenario({
    options: { difficulty: 'experienced' },
    dungeon: ['tidebound-warden', 'rotting-mend', 'rotting-mend', 'barnacled-trident'],
    hands: [['warhound', 'crushing-blow']],
  });
  sc.keep().resourcesUp(0, 3, ['warhound', 'crushing-blow']);
  const blow = sc.hand(0, 'crushing-blow');
  sc.spec.when({ type: 'PlayCard', card: blow, target: 'dh' }, { seat: 0 }).then(t, [
    { type: 'CostPaid', seat: 0, amount: 3 },
    { type: 'CardPlayed', seat: 0, card: { id: blow, card: 'crushing-blow' }, target: 'dh', replaced: null },
    { type: 'DamageDealt', target: 'dh', amount: 5, prevented: 0, armor: null, source: blow },
    { type: 'AbilityResolved', seat: 0, card: blow },
  ]);
  sc.play(0, sc.hand(0, 'warhound'));
  const hound = sc.raider(0).allies[0]?.id ?? '';
  sc.spec.when({ type: 'Attack', attacker: hound, target: 'dh' }, { seat: 0 }).thenViolates(t, 'raid/boss-in-play');
  const legal = raid.legalCommands(sc.state, 0);
  t.notOk(
    legal.some((c) => c.type === 'Attack' && c.target === 'dh'),
    'no attack on the Dungeon hero is listed',
  );
  t.ok(
    legal.some((c) => c.type === 'Attack' && c.target === sc.dungeonAlly('tidebound-warden')),
    'the Boss itself may be attacked',
  );
});
