// §Cave-in, §Playing a Creature Card, §Retreat and §Winning (last one alive).
import t from 'tap';
import { scenario, SKIPPING } from './support';

const std = { variant: 'standard', ...SKIPPING } as const;
const LOW = ['AS', 'AH', 'AD', 'AC', '3S', '3H', '3D', '3C', '4S', '4H', '4D', '4C'];

/** Seat 1 has laid 10 and 9 (the 9 last); seat 0 is to play. */
function seat1InDungeon(hand0: string[], hand1: string[] = ['10S', '9S', '5C', '6C', '7C']) {
  const sc = scenario(std, 2, { hands: [hand0, hand1], deck: LOW, first: 1 });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn().endTurn();
  sc.play(1, { type: 'PlayPassage', card: '9S', parent: 1 }).endTurn();
  return sc;
}

t.test('§Cave-in: a card equal to the last passage an opponent played collapses it; both are discarded', async (t) => {
  const sc = seat1InDungeon(['9H', '10H', 'JH', 'QH', '2H']);
  const events = sc.spec.when({ type: 'CaveIn', card: '9H', target: 1 }).events();
  t.same(events.slice(0, 2), [
    { type: 'CaveInPlayed', seat: 0, card: '9H', target: 1, node: 2 },
    { type: 'PassageCollapsed', target: 1, node: 2, lost: '9S', saved: false, by: '9H', faceDown: false },
  ]);
  sc.play(0, { type: 'CaveIn', card: '9H', target: 1 });
  t.same(
    sc.player(1).dungeon.map((n) => n.card),
    ['10S'],
    'the 9 is gone',
  );
  t.same(sc.state.discard.slice(-2), ['9H', '9S'], 'both cards are on the discard pile');
});

t.test('§Cave-in: only the last passage played can be collapsed', async (t) => {
  const sc = seat1InDungeon(['10H', '9H', 'JH', 'QH', '2H']);
  sc.spec.when({ type: 'CaveIn', card: '10H', target: 1 }).thenViolates(t, 'dungeon/wrong-card');
  sc.spec.when({ type: 'CaveIn', card: '9H', target: 0 }).thenViolates(t, 'dungeon/bad-target', 'not your own');
});

t.test('§Creature: no attack before the opponent has laid a 10', async (t) => {
  const sc = scenario(std, 2, {
    hands: [
      ['JH', 'QH', 'KH', '2H', '3H'],
      ['5S', '6S', '7S', '8S', '9S'],
    ],
    deck: LOW,
  });
  sc.spec.when({ type: 'Attack', card: 'JH', target: 1 }).thenViolates(t, 'dungeon/still-in-cell');
});

t.test('§Creature: a creature attacks the last passage and the defender is asked once others had their say', async (t) => {
  const sc = seat1InDungeon(['JH', 'QH', 'KH', '2H', '3H']);
  sc.spec.when({ type: 'Attack', card: 'KH', target: 1 }).then(t, [
    { type: 'CreatureAttacked', seat: 0, card: 'KH', value: 13, target: 1, node: 2 },
    { type: 'WindowOpened', kind: 'attack', last: 0, escape: null },
  ]);
  sc.do(0, { type: 'Attack', card: 'KH', target: 1 });
  sc.spec.when({ type: 'Pass' }, { seat: 1 }).then(t, [
    { type: 'ResponsePassed', seat: 1 },
    { type: 'WindowClosed', cancelled: false },
    { type: 'PromptOpened', kind: 'defend', seat: 1 },
  ]);
});

t.test('§Creature: passages totalling the value defeat it; everything is discarded', async (t) => {
  const sc = seat1InDungeon(['JH', 'QH', 'KH', '2H', '3H'], ['10S', '9S', '5C', '6C', '7C']).play(0, {
    type: 'Attack',
    card: 'JH',
    target: 1,
  });
  sc.spec.when({ type: 'Fight', cards: [{ card: '5C' }, { card: '6C' }] }, { seat: 1 }).then(t, [
    {
      type: 'CreatureDefeated',
      seat: 1,
      cards: [
        { card: '5C', value: 5 },
        { card: '6C', value: 6 },
      ],
      creature: 'JH',
    },
  ]);
  sc.spec.when({ type: 'Fight', cards: [{ card: '5C' }] }, { seat: 1 }).thenViolates(t, 'dungeon/bad-defence', '5 does not beat 11');
  sc.spec
    .when({ type: 'Fight', cards: [{ card: '5C' }, { card: '6C' }, { card: '7C' }] }, { seat: 1 })
    .thenViolates(t, 'dungeon/bad-defence', 'no card to spare');
});

t.test('§Creature: an equal or stronger creature defeats it, a weaker one does not', async (t) => {
  const sc = seat1InDungeon(['QH', 'JH', 'KH', '2H', '3H'], ['10S', '9S', 'JC', 'QC', 'KC']).play(0, {
    type: 'Attack',
    card: 'QH',
    target: 1,
  });
  sc.spec.when({ type: 'Fight', cards: [{ card: 'JC' }] }, { seat: 1 }).thenViolates(t, 'dungeon/bad-defence');
  sc.spec
    .when({ type: 'Fight', cards: [{ card: 'QC' }] }, { seat: 1 })
    .then(t, [{ type: 'CreatureDefeated', seat: 1, cards: [{ card: 'QC', value: 12 }], creature: 'QH' }]);
  sc.spec
    .when({ type: 'Fight', cards: [{ card: 'KC' }] }, { seat: 1 })
    .then(t, [{ type: 'CreatureDefeated', seat: 1, cards: [{ card: 'KC', value: 13 }], creature: 'QH' }]);
});

t.test('§Creature: a 2 defeats the Wight (King) but no other creature', async (t) => {
  const king = seat1InDungeon(['KH', 'JH', 'QH', '3H', '4H'], ['10S', '9S', '2C', '3C', '7C']).play(0, {
    type: 'Attack',
    card: 'KH',
    target: 1,
  });
  king.spec
    .when({ type: 'Fight', cards: [{ card: '2C' }] }, { seat: 1 })
    .then(t, [{ type: 'CreatureDefeated', seat: 1, cards: [{ card: '2C', value: 2 }], creature: 'KH' }]);
  const jack = seat1InDungeon(['JH', 'KH', 'QH', '3H', '4H'], ['10S', '9S', '2C', '3C', '7C']).play(0, {
    type: 'Attack',
    card: 'JH',
    target: 1,
  });
  jack.spec.when({ type: 'Fight', cards: [{ card: '2C' }] }, { seat: 1 }).thenViolates(t, 'dungeon/bad-defence');
});

t.test('§Creature: an Ace has no combat value', async (t) => {
  const sc = seat1InDungeon(['JH', 'KH', 'QH', '3H', '4H'], ['10S', '9S', 'AC', '10C', '7C']).play(0, {
    type: 'Attack',
    card: 'JH',
    target: 1,
  });
  sc.spec.when({ type: 'Fight', cards: [{ card: 'AC' }, { card: '10C' }] }, { seat: 1 }).thenViolates(t, 'dungeon/wrong-card');
});

t.test("§Creature: after the fight play passes to the left of the creature's player", async (t) => {
  const sc = scenario(std, 3, {
    hands: [
      ['JH', 'KH', 'QH', '3H', '4H'],
      ['10S', '9S', '5C', '6C', '7C'],
      ['2D', '3D', '4D', '5D', '6D'],
    ],
    deck: LOW,
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn().endTurn();
  sc.play(0, { type: 'Attack', card: 'JH', target: 1 }).do(1, { type: 'Fight', cards: [{ card: '5C' }, { card: '6C' }] });
  t.equal(sc.state.turn?.seat, 0, 'the attacker finishes the turn');
  sc.endTurn();
  t.equal(sc.state.turn?.seat, 1, 'then the seat left of the attacker plays');
});

t.test('§Retreat: the defender discards the attacked passage along with the creature', async (t) => {
  const sc = seat1InDungeon(['JH', 'KH', 'QH', '3H', '4H']).play(0, { type: 'Attack', card: 'JH', target: 1 });
  sc.spec.when({ type: 'Retreat' }, { seat: 1 }).then(t, [{ type: 'Retreated', seat: 1, node: 2, card: '9S', faceDown: false }]);
  sc.do(1, { type: 'Retreat' });
  t.same(
    sc.player(1).dungeon.map((n) => n.card),
    ['10S'],
  );
  t.same(sc.state.discard.slice(-2), ['JH', '9S']);
});

t.test('§Retreat: attacked in the cell, a defender who cannot win is slain, and the last one alive wins', async (t) => {
  const sc = seat1InDungeon(['JH', 'KH', 'QH', '9H', '4H'], ['10S', '9S', 'AC', '2C', '3C']);
  // Collapse the 9, attack the 10 (the player retreats into the cell), then attack the cell.
  sc.play(0, { type: 'CaveIn', card: '9H', target: 1 }).endTurn().endTurn();
  sc.play(0, { type: 'Attack', card: 'JH', target: 1 }).do(1, { type: 'Retreat' });
  t.same(sc.player(1).dungeon, [], 'back in the cell');
  sc.endTurn().endTurn();
  t.same(
    sc.spec.when({ type: 'Attack', card: 'KH', target: 1 }).events()[0],
    { type: 'CreatureAttacked', seat: 0, card: 'KH', value: 13, target: 1, node: null },
    'still attackable in the cell',
  );
  sc.play(0, { type: 'Attack', card: 'KH', target: 1 });
  sc.spec.when({ type: 'Retreat' }, { seat: 1 }).then(t, [
    { type: 'PlayerSlain', seat: 1 },
    { type: 'GameWon', seat: 0, how: 'last-alive' },
  ]);
});

t.test('§Retreat: a slain player in a 3-player game leaves the others playing, skipped in turn', async (t) => {
  const sc = scenario(std, 3, {
    hands: [
      ['JH', 'KH', 'QH', '3H', '4H'],
      ['10S', '9S', '5C', '6C', '7C'],
      ['2D', '3D', '4D', '5D', '6D'],
    ],
    deck: LOW,
    first: 1,
  });
  sc.play(1, { type: 'PlayPassage', card: '10S', parent: 0 }).endTurn().endTurn();
  sc.play(0, { type: 'Attack', card: 'QH', target: 1 }).do(1, { type: 'Retreat' });
  sc.endTurn().endTurn().endTurn();
  sc.play(0, { type: 'Attack', card: 'KH', target: 1 }).do(1, { type: 'Retreat' });
  t.equal(sc.player(1).alive, false);
  t.equal(sc.state.winners, null, 'two players remain');
  sc.endTurn();
  t.equal(sc.state.turn?.seat, 2, 'seat 1 is skipped');
});

t.test('§Creature (property): the listed defences are exactly the winning sets of cards in hand, checked by brute force', async (t) => {
  const fc = (await import('fast-check')).default;
  const { beats, defences, combatValues } = await import('../src/rules/combat');
  const { buildCards } = await import('../src/rules/cards');
  const { plain, jokers } = buildCards(1);
  const deck = [...plain, ...jokers];
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.constantFrom(...deck), { minLength: 0, maxLength: 7 }),
      fc.integer({ min: 11, max: 13 }),
      fc.boolean(),
      (hand, creature, wild) => {
        const key = (set: { card: string; value: number }[]) =>
          set
            .map((c) => `${c.card}=${c.value}`)
            .sort()
            .join(',');
        const listed = new Set(defences(hand, creature, wild).map(key));
        const found = new Set<string>();
        // Every subset of the hand, with every value each card may fight as.
        const walk = (i: number, chosen: { card: string; value: number }[]): void => {
          if (i === hand.length) {
            if (beats(chosen, creature)) found.add(key(chosen));
            return;
          }
          walk(i + 1, chosen);
          for (const value of combatValues(hand[i] as string, wild)) walk(i + 1, [...chosen, { card: hand[i] as string, value }]);
        };
        walk(0, []);
        return listed.size === found.size && [...found].every((k) => listed.has(k));
      },
    ),
    { numRuns: 300, seed: 7 },
  );
  t.pass('defences() matches brute force');
});
