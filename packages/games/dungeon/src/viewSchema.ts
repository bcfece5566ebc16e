// The JSON Schema (TypeBox) of what `view` returns; the view types are derived from it so the two cannot drift.
import type { ReadonlyStatic } from '@delve/kernel';
import { Type, type TLiteral, type TProperties, type TSchema } from '@sinclair/typebox';
import { PowerKind, PromptKind, WindowKind } from './events';
import { VariantT } from './options';

/** A card as a viewer sees it: "7H", "10D.2" (second deck), "X1" (Joker), or "?" when hidden. */
const card = (description: string) =>
  Type.String({ pattern: '^(?:\\?|(?:X[12]|(?:[A2-9JQK]|10)[SHDC])(?:\\.2)?)$', description: `${description} ("?" when hidden)` });
const CardT = card('A card');
const cards = (description: string) => Type.Array(CardT, { description });
const seat = (description: string) => Type.Integer({ minimum: 0, description });
const seats = (description: string) => Type.Array(seat('A seat.'), { description });
const count = (description: string) => Type.Integer({ minimum: 0, description });
const node = (description: string) => Type.Integer({ minimum: 0, description });
const flag = (description: string) => Type.Boolean({ description });
const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
// Closed objects: a field the schema does not declare fails validation instead of slipping through.
const Obj = <P extends TProperties>(properties: P, description: string) =>
  Type.Object(properties, { additionalProperties: false, description });
// TypeBox writes number literals as `type: "number"`; ours are integers, so a union of them is a GraphQL Int, not JSON.
const IntLiteral = <N extends number>(n: N): TLiteral<N> => ({ ...Type.Literal(n), type: 'integer' });

const OptionsT = Obj(
  {
    decks: Type.Union([IntLiteral(1), IntLiteral(2)], { description: 'One deck or two combined.' }),
    variant: VariantT,
    suicideQueen: flag('Suicide Queen is in play.'),
    counterAttack: Type.Union([IntLiteral(0), IntLiteral(1), IntLiteral(2), IntLiteral(3)], {
      description: 'Counter Attack: 0 off, 1 Graverobbers, 2 Myrmiddons, 3 both.',
    }),
    optionalPlay: flag('A player may end the turn without playing a card it could play.'),
  },
  'The game options, every default filled in.',
);

const PassageT = Obj(
  {
    id: node('The passage id.'),
    parent: node('The node it lies on (0: the cell).'),
    value: Type.Integer({ description: 'The value it stands for.' }),
    card: card("The card; hidden when it lies face down and is not the viewer's"),
  },
  'A passage of a dungeon.',
);

const PlayerT = Obj(
  {
    seat: seat('The seat.'),
    alive: flag('Still in the game.'),
    handCount: count('How many cards the hand holds.'),
    hand: Nullable(cards('The hand.'), "The hand: only in the viewer's own entry (or for the audit viewer)."),
    cell: Nullable(card('The cell'), 'The cell card; null before the deal.'),
    leftCell: flag('Has laid a 10 at some time, so may be attacked.'),
    dungeon: Type.Array(PassageT, { description: 'The passages, in the order played; the last is the last passage played.' }),
  },
  'One seat at the table.',
);

const SeatCardT = Obj({ seat: seat('Who played it.'), card: CardT }, 'A card a seat played into the window.');

/** The view's root: what one viewer may know of the game. */
export const viewSchema = Obj(
  {
    options: OptionsT,
    phase: Type.Union([Type.Literal('lobby'), Type.Literal('playoff'), Type.Literal('play'), Type.Literal('over')], {
      description: 'lobby before the deal, playoff for the first turn, play, over.',
    }),
    awaiting: seats('The seats the game waits for. Others may still play an Ace.'),
    you: Nullable(seat('The viewer’s seat.'), "The viewer's seat; null for a spectator or the audit."),
    turn: Nullable(
      Obj({ seat: seat('Whose turn it is.'), played: flag("The turn's one card has been played.") }, 'The current turn.'),
      'The current turn; null before the first.',
    ),
    deckCount: count('Cards left in the deck.'),
    discardCount: count('Cards in the discard pile.'),
    discard: cards(
      'The discard pile, top last; face-down cards as "?" (all of them in Almost and Pitch Black, except to a searching Graverobber).',
    ),
    players: Type.Array(PlayerT, { description: 'Every seat, in seat order.' }),
    playoff: Nullable(
      Obj(
        {
          contenders: seats('Who plays a card in this round.'),
          ready: seats('Who has put a card down (the cards stay secret until all have).'),
        },
        'The play-off for the first turn.',
      ),
      'The play-off; null outside it.',
    ),
    combat: Nullable(
      Obj(
        {
          attacker: seat('Who set the creature on.'),
          card: CardT,
          value: Type.Integer({ description: 'Its combat value.' }),
          defender: seat('Who fights it.'),
          node: Nullable(node('The passage attacked.'), 'The passage attacked; null in the cell.'),
        },
        'A creature fighting a defender.',
      ),
      'The creature fighting, if any.',
    ),
    power: Nullable(
      Obj(
        {
          seat: seat('Who used it.'),
          card: CardT,
          kind: PowerKind,
          target: Nullable(seat('The opponent asked.'), 'Myrmiddon: the opponent asked.'),
          ask: Nullable(Type.Integer({ minimum: 0, maximum: 13 }), 'Myrmiddon: the rank asked for (0 a Joker, 1 Ace … 13 King).'),
          denied: flag('Myrmiddon: the opponent said it has no such card.'),
        },
        'A Graverobber or Myrmiddon played for its power.',
      ),
      'The pending power, if any.',
    ),
    collapse: Nullable(
      Obj(
        { seat: seat('Who played the cave-in.'), card: CardT, target: seat('Whose passage.'), node: node('The passage.') },
        'A cave-in waiting for the owner of a Joker passage to choose (Jokers Wild).',
      ),
      'The pending cave-in, if any.',
    ),
    window: Nullable(
      Obj(
        {
          kind: WindowKind,
          last: seat('The last seat to put a card into it; it is not asked.'),
          passed: seats('Who has passed.'),
          aces: Type.Array(SeatCardT, { description: 'Aces played in it, in order; they resolve last first.' }),
          interrupts: Type.Array(SeatCardT, { description: 'Counter Attack creatures played in it.' }),
          escape: Nullable(
            Obj({ seat: seat('Who claims it.'), node: node('The passage claiming a 2.') }, 'A claimed escape.'),
            'Pitch Black: the escape that stands if the window closes with the passage still there.',
          ),
        },
        'An open response window.',
      ),
      'The open response window, if any.',
    ),
    prompt: Nullable(
      Obj(
        {
          kind: Type.Union([...PromptKind.anyOf, Type.Literal('discard')], {
            description: `The question asked. ${PromptKind.description} discard: discard down to five at the end of the turn.`,
          }),
          seat: seat('Who is asked.'),
        },
        'A question asked of one seat (one object with a kind rather than a union, so clients get a type).',
      ),
      'The question the game waits on, if any.',
    ),
    limbo: cards('Cards out of every hand until the end of the turn (a Graverobber used for its power).'),
    winners: Nullable(seats('The winners.'), 'The winner once the game is over.'),
  },
  'What one viewer may know of a Dungeon game.',
);

/** What one viewer may know of the game (the static type of `viewSchema`). */
export type DungeonView = ReadonlyStatic<typeof viewSchema>;
/** One seat as a viewer sees it. */
export type PlayerView = DungeonView['players'][number];
/** A passage as a viewer sees it; `card` is "?" when it lies face down and is not the viewer's. */
export type PassageView = PlayerView['dungeon'][number];
