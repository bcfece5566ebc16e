// dungeoneer.txt, OPTIONAL ADVANCED RULES, Revealed Map: the whole map dealt out and laid before play, quest maps passed
// left, the Dungeon Entrance's holder wins initiative, and no Build Phase.
import t from 'tap';
import { dungeoneer, HIDDEN, mapCard } from '../src/index';
import { legalPlacements } from '../src/rules/map';
import { only, scenario, type Deal } from './support';

const REVEALED = { revealedMap: true };
// Seat 0 is dealt the entrance and the Mirror Room (its Gambler's Mirror quest); seat 1 the Bone Pit (its Blood Tithe).
const DEAL: Deal = { options: REVEALED, mapDeck: ['entrance', 'dripping-crossway', 'mirror-room', 'bone-pit'] };

/** Lay out the whole map: each prompted player places its first card that fits, at its first legal place. */
function layOut(sc: ReturnType<typeof scenario>) {
  for (let guard = 0; guard < 50 && sc.state.prompt?.kind === 'lay-map'; guard++) {
    const seat = sc.state.prompt.seat;
    const card = sc.player(seat).mapHand.find((c) => legalPlacements(sc.state.map, mapCard(c)!).length > 0)!;
    const at = legalPlacements(sc.state.map, mapCard(card)!)[0]!;
    sc.do(seat, { type: 'PlaceMap', card, ...at });
  }
  return sc;
}

t.test('Revealed Map: the Map deck is dealt face down one card at a time; quest Map cards are passed left', async (t) => {
  const sc = scenario(DEAL);
  const [dealt] = only(sc.events, 'MapCardsDealt');
  t.same(
    dealt?.hands.map((h) => h.cards.slice(0, 2)),
    [
      ['entrance', 'mirror-room'],
      ['dripping-crossway', 'bone-pit'],
    ],
    'alternately, seat 0 first',
  );
  t.equal(dealt?.hands.flatMap((h) => h.cards).length, 22, 'the whole Map deck');
  t.same(only(sc.events, 'MapCardsPassed')[0]?.passes, [
    { from: 0, to: 1, cards: ['mirror-room', 'crooked-bend'] },
    { from: 1, to: 0, cards: ['bone-pit', 'hall-of-thorns'] },
  ]);
  t.ok(sc.player(1).mapHand.includes('mirror-room') && !sc.player(0).mapHand.includes('mirror-room'), 'the Mirror Room went left');
});

t.test('Revealed Map: the player who gets the Dungeon Entrance wins initiative and sets it in the centre', async (t) => {
  const sc = scenario(DEAL);
  t.same(only(sc.events, 'InitiativeRolled'), [], 'nobody rolls');
  t.same(only(sc.events, 'InitiativeWon'), [{ type: 'InitiativeWon', seat: 0 }]);
  t.same(sc.state.map, [{ card: 'entrance', x: 0, y: 0, rotation: 0 }]);
  t.same(
    only(sc.events, 'PromptOpened'),
    [{ type: 'PromptOpened', prompt: { kind: 'lay-map', seat: 1 } }],
    'the player on the left lays the next card',
  );
  const other = scenario({ ...DEAL, mapDeck: ['dripping-crossway', 'entrance'] });
  t.same(only(other.events, 'InitiativeWon'), [{ type: 'InitiativeWon', seat: 1 }]);
  t.same(only(other.events, 'PromptOpened'), [{ type: 'PromptOpened', prompt: { kind: 'lay-map', seat: 0 } }]);
});

t.test('Revealed Map: clockwise, each player places one of its Map cards in a legal location', async (t) => {
  const sc = scenario(DEAL);
  sc.spec.when({ type: 'PlaceMap', card: 'bone-pit', x: 0, y: 1, rotation: 0 }, { seat: 1 }).thenViolates(t, 'dungeoneer/not-in-hand');
  sc.spec
    .when({ type: 'PlaceMap', card: 'mirror-room', x: 0, y: 1, rotation: 0 }, { seat: 1 })
    .thenViolates(t, 'dungeoneer/illegal-placement', 'only passages border the entrance');
  sc.spec
    .when({ type: 'PlaceMap', card: 'dripping-crossway', x: 0, y: 1, rotation: 0 }, { seat: 0 })
    .thenViolates(t, 'dungeoneer/not-asked');
  sc.spec.when({ type: 'PlaceMap', x: 0, y: 1, rotation: 0 }, { seat: 1 }).thenViolates(t, 'dungeoneer/card-needed');
  t.same(sc.do(1, { type: 'PlaceMap', card: 'dripping-crossway', x: 0, y: 1, rotation: 0 }), [
    { type: 'MapPlaced', seat: 1, card: 'dripping-crossway', x: 0, y: 1, rotation: 0 },
    { type: 'PromptClosed' },
    { type: 'PromptOpened', prompt: { kind: 'lay-map', seat: 0 } },
  ]);
  t.notOk(sc.player(1).mapHand.includes('dripping-crossway'));
  const borders = (c: { x: number; y: number }) => Math.abs(c.x) + Math.abs(c.y) === 1;
  const offered = sc.legal(0).filter((c) => c.type === 'PlaceMap');
  t.ok(
    offered.length > 0 && offered.every((c) => !borders(c) || mapCard(c.card!)?.kind === 'passage'),
    'only passages border the entrance',
  );
  sc.spec.when({ type: 'UseAbility' }, { seat: 0 }).thenViolates(t, 'dungeoneer/not-started', 'play waits until the map is laid');
});

t.test('Revealed Map: when no card fits anywhere the rest go into the Map deck; then the entrance holder begins', async (t) => {
  const sc = layOut(scenario(DEAL));
  t.equal(sc.state.map.length + sc.state.mapDeck.length, 22, 'every Map card is on the map or in the Map deck');
  t.ok(sc.state.map.length >= 15, `${sc.state.map.length} cards laid before play`);
  t.same(
    sc.state.players.map((p) => p.mapHand),
    [[], []],
  );
  for (const e of only(sc.events, 'MapCardsReturned')) t.ok(e.cards.every((c) => legalPlacements(sc.state.map, mapCard(c)!).length === 0));
  t.match(only(sc.events, 'TurnStarted'), [{ seat: 0, round: 1 }], 'the holder of the entrance takes the first turn');
  t.equal(dungeoneer.status(sc.state).phase, 'dungeonlord');
});

t.test('Revealed Map: there is no Build Phase — the Dungeonlord Phase leads straight to the Hero Phase', async (t) => {
  const sc = layOut(scenario(DEAL));
  t.same(sc.do(0, { type: 'EndPhase' }), [{ type: 'PhaseBegan', phase: 'hero' }]);
  t.same(only(sc.events, 'MapCardDrawn'), []);
});

t.test('Revealed Map and hidden information: another seat sees how many Map cards a player holds, not which', async (t) => {
  // Seat 0 is dealt the Mirror Room (its quest's) and passes it to seat 1; seat 2 looks on.
  const sc = scenario({ ...DEAL, seats: 3, mapDeck: ['entrance', 'dripping-crossway', 'narrow-fork', 'mirror-room'] });
  const dealt = only(sc.events, 'MapCardsDealt')[0]!;
  const seen = dungeoneer.redact(dealt, { kind: 'seat', seat: 1 }, sc.state) as typeof dealt;
  t.same(seen.hands[1], dealt.hands[1], 'its own cards');
  t.ok(seen.hands[0]!.cards.every((c) => c === HIDDEN) && seen.hands[0]!.cards.length === dealt.hands[0]!.cards.length);
  const passed = only(sc.events, 'MapCardsPassed')[0]!;
  const bystander = dungeoneer.redact(passed, { kind: 'seat', seat: 2 }, sc.state) as typeof passed;
  const pass01 = bystander.passes.find((x) => x.from === 0)!;
  t.ok(
    pass01.cards.every((c) => c === HIDDEN),
    'a pass between two others is hidden',
  );
  t.same(dungeoneer.redact(passed, { kind: 'seat', seat: 1 }, sc.state), passed, 'the receiver sees what it gets');
  const view = dungeoneer.view(sc.state, { kind: 'seat', seat: 1 });
  t.ok(view.players[0]!.mapHand.every((c) => c === HIDDEN));
  t.same(view.players[1]!.mapHand, sc.player(1).mapHand);
});
