// Timeouts (docs/rulings/dungeon.md): the least harmful move played for an awaited seat whose time ran out, for every
// question the rules ask, and tables where every seat only ever times out still end.
import t from 'tap';
import { refusalOf, playout } from '@delve/kernel/testing';
import { dungeon, type DungeonOptions } from '../src/index';
import { timeoutCommand } from '../src/legal';
import { cards, jokerPassage, PLAYOUT_CONFIGS, scenario, SKIPPING, tenLaid } from './support';

const std = { variant: 'standard', ...SKIPPING } as const;
const LOW = cards('3C 4C 5C 6C 7C 8C 9C 3S 4S 5S');

/** Seat 1 has laid a 10 (it needs a 9 next) and drawn 3C; seat 0 is to play with creatures; the pile holds seat 2's extra 4C. */
const attackable = (options: DungeonOptions = std, hand1 = '10S 9S 5D 6D 7D') =>
  tenLaid(options, ['JH KH QH 3H 4H', hand1, 'QD 3D 4D 8D 10D'], LOW);

/** The timeout command is accepted as the seat's own command would be. */
function accepted(state: Parameters<typeof timeoutCommand>[0], seat: number) {
  const command = timeoutCommand(state, seat);
  return command !== null && refusalOf(dungeon, state, seat, command) === null ? command : null;
}

t.test('§Aces, response windows (Timeouts ruling): a seat asked in a window passes; a seat not awaited gets nothing', async (t) => {
  const sc = attackable().do(0, { type: 'Attack', card: 'KH', target: 1 });
  t.same(accepted(sc.state, 1), { type: 'Pass' });
  t.equal(timeoutCommand(sc.state, 0), null, 'the attacker is not asked');
});

t.test('§Creature (Timeouts ruling): the defence whose cards are least worth keeping; a retreat only without one', async (t) => {
  const sc = attackable().play(0, { type: 'Attack', card: 'KH', target: 1 });
  // Needing a 9, seat 1 keeps 9S dearest: 6D and 7D beat the King for less than 9S and 5D or 3C, 5D and 6D.
  t.same(accepted(sc.state, 1), { type: 'Fight', cards: [{ card: '6D' }, { card: '7D' }] });
  const weak = attackable(std, '10S 3S 4S 5D 2D').play(0, { type: 'Attack', card: 'KH', target: 1 });
  t.same(accepted(weak.state, 1), { type: 'Fight', cards: [{ card: '2D' }] }, 'a lone 2 beats the King');
  const none = attackable(std, '10S 3S 4S AD AC').play(0, { type: 'Attack', card: 'KH', target: 1 });
  t.same(accepted(none.state, 1), { type: 'Retreat' }, 'no defence: the passage is given up');
});

t.test('§Myrmiddon (Timeouts ruling): the truth to a Myrmiddon, and the asker accepts a denial', async (t) => {
  const asked9 = attackable().play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  t.same(accepted(asked9.state, 1), { type: 'GiveCard', card: '9S' }, 'the card asked for, when held');
  const asked8 = attackable().play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 8 });
  t.same(accepted(asked8.state, 1), { type: 'DenyCard' }, 'a true no, when not');
  asked8.do(1, { type: 'DenyCard' });
  t.same(accepted(asked8.state, 0), { type: 'AcceptAnswer' }, 'a look would risk the asker’s hand');
});

t.test('§Suicide Queen (Timeouts ruling): a caught liar hands the card over, the standard outcome', async (t) => {
  const sc = attackable({ ...std, suicideQueen: true }).play(0, { type: 'UseMyrmiddon', card: 'QH', target: 1, ask: 9 });
  sc.do(1, { type: 'DenyCard' }).do(0, { type: 'DemandLook' });
  t.same(sc.state.prompt, { kind: 'suicide', seat: 1 });
  t.same(accepted(sc.state, 1), { type: 'ResolveLie', handOver: true });
});

t.test('§Random Cell/Jokers Wild (Timeouts ruling): a Joker passage is kept when the hand has a card of its value', async (t) => {
  const wild = { variant: 'jokers-wild', ...SKIPPING } as const;
  const jokerAt9 = (hand1: string) => jokerPassage(wild, hand1, LOW).do(0, { type: 'CaveIn', card: '9H', target: 1 });
  t.same(accepted(jokerAt9('10S X2 9D 7S 6S').state, 1), { type: 'SaveJoker', card: '9D' });
  t.same(accepted(jokerAt9('10S X2 8D 7S 6S').state, 1), { type: 'LoseJoker' });
});

t.test('§Graverobber (Timeouts ruling): the search takes the card most worth keeping', async (t) => {
  const sc = attackable().play(0, { type: 'UseGraverobber', card: 'JH' });
  t.same(sc.state.prompt, { kind: 'pick', seat: 0 });
  t.same(sc.state.discard, ['4C']);
  t.same(accepted(sc.state, 0), { type: 'TakeFromDiscard', card: '4C' });
});

t.test('§Setting Up, §On your turn 3 (Timeouts ruling): the play-off card and the discards are those least worth keeping', async (t) => {
  const playOff = scenario(std, 2, { hands: ['AH 2H KH 9H 10H', 'AS 3S 4S 5S 6S'].map(cards), deck: LOW, inPlayOff: true });
  // In the cell seat 0 needs a 10 first, then a 9: the creature is worth less than either, an Ace or a 2.
  t.same(accepted(playOff.state, 0), { type: 'PlayOffCard', card: 'KH' });
  const sc = scenario(std, 2, { hands: ['AH 2H KH 9H QH', 'AS 3S 4S 5S 6S'].map(cards), deck: LOW });
  sc.do(0, { type: 'EndTurn' });
  t.same(sc.state.prompt, { kind: 'discard', seat: 0 });
  t.same(accepted(sc.state, 0), { type: 'Discard', card: 'QH' }, 'the weaker creature (as little as the 3 drawn, and first)');
});

t.test('§On your turn 2 (Timeouts ruling): a card that must be played goes into the seat’s own dungeon, then the turn ends', async (t) => {
  const must = { variant: 'standard' } as const;
  const hands = ['10H 9H KH 3H 4H', '5S 6S 7S 8S 9S'].map(cards);
  const sc = scenario(must, 2, { hands, deck: LOW });
  t.same(accepted(sc.state, 0), { type: 'PlayPassage', card: '10H', parent: 0 });
  sc.play(0, { type: 'PlayPassage', card: '10H', parent: 0 });
  t.same(accepted(sc.state, 0), { type: 'EndTurn' }, 'its card played, the turn ends');
  const attackOnly = tenLaid(must, ['KH 3H 4H 5H 6H', '10S 9S 8S 7S 6S'], LOW);
  t.same(accepted(attackOnly.state, 0), { type: 'Attack', card: 'KH', target: 1 }, 'the one honest play there is');
  const optional = scenario(std, 2, { hands, deck: LOW });
  t.same(accepted(optional.state, 0), { type: 'EndTurn' }, 'with optional play the turn simply ends');
});

t.test('Timeouts ruling: tables where every seat only ever times out still end, in every variant', async (t) => {
  // With optional play nobody must play a card, so such a table only ends turns: the runtime abandons idle games.
  for (const config of PLAYOUT_CONFIGS.filter((c) => !c.options.optionalPlay)) {
    for (const seats of config.seats) {
      const result = playout(dungeon, {
        options: config.options,
        seats,
        seed: `timeouts:${config.name}:${seats}`,
        maxSteps: 5000,
        choose: (state, random) => {
          const seat = random.pick(dungeon.status(state).awaiting);
          const command = timeoutCommand(state, seat);
          return command && { seat, command };
        },
      });
      t.ok(result.finished, `${config.name}, ${seats} seats: over after ${result.steps} timeouts`);
    }
  }
});
