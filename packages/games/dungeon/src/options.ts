// Game options: the number of decks and the variants of the rule text, their defaults, and the seats they allow.
import { Type, type Static } from '@sinclair/typebox';
import { fail } from './rules/fail';

/** The variants of the rule text. */
export const VariantT = Type.Union(
  [Type.Literal('standard'), Type.Literal('jokers-wild'), Type.Literal('almost-black'), Type.Literal('pitch-black')],
  {
    description:
      'standard: Jokers are cells. jokers-wild: Random Cell/Jokers Wild. almost-black: jokers-wild with face-down ' +
      'discards. pitch-black: almost-black with face-down passages, cheating and accusations.',
  },
);

/** Options accepted at game creation; every field is optional and has a default. */
export const optionsSchema = Type.Object(
  {
    decks: Type.Optional(
      Type.Union([Type.Literal(1), Type.Literal(2)], {
        default: 1,
        description: 'One standard deck, or two combined (for bigger tables).',
      }),
    ),
    variant: Type.Optional({ ...VariantT, default: 'standard' }),
    suicideQueen: Type.Optional(
      Type.Boolean({
        default: false,
        description: "Suicide Queen: a Myrmiddon's caught liar may throw the whole hand away instead of handing the card over.",
      }),
    ),
    counterAttack: Type.Optional(
      Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
        default: 0,
        description: 'Counter Attack: 0 off, 1 against Graverobbers only, 2 against Myrmiddons only, 3 against both.',
      }),
    ),
    optionalPlay: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'A player may end the turn without playing a card even when one could be played (rules version 1 read the ' +
          'turn this way). Off by default: who can play a card must.',
      }),
    ),
  },
  { additionalProperties: false, description: 'How the table plays: decks and variants. Every field has a default.' },
);

/** Options as a client sends them (the module's options type). */
export type DungeonOptions = Static<typeof optionsSchema>;

/** Options with every default filled in; this is what the state carries. */
export type ResolvedOptions = Readonly<Required<DungeonOptions>>;

export type Variant = ResolvedOptions['variant'];

export function resolveOptions(input: DungeonOptions | undefined): ResolvedOptions {
  return {
    decks: input?.decks ?? 1,
    variant: input?.variant ?? 'standard',
    suicideQueen: input?.suicideQueen ?? false,
    counterAttack: input?.counterAttack ?? 0,
    optionalPlay: input?.optionalPlay ?? false,
  };
}

/** Jokers go into the deck and cells are random face-down cards (Random Cell/Jokers Wild and both Black variants). */
export const jokersWild = (o: ResolvedOptions): boolean => o.variant !== 'standard';
/** Discards go face down (Almost Black and Pitch Black). */
export const darkDiscards = (o: ResolvedOptions): boolean => o.variant === 'almost-black' || o.variant === 'pitch-black';
/** Passages go face down and may be anything (Pitch Black). */
export const pitchBlack = (o: ResolvedOptions): boolean => o.variant === 'pitch-black';
/** Whether Counter Attack lets a matching creature cancel this power. */
export const counters = (o: ResolvedOptions, power: 'graverobber' | 'myrmiddon'): boolean =>
  power === 'graverobber' ? o.counterAttack === 1 || o.counterAttack === 3 : o.counterAttack === 2 || o.counterAttack === 3;

/** Most seats a game may have: six per deck keeps the deal and the play-off well inside the deck. */
export const maxSeats = (o: ResolvedOptions): number => 6 * o.decks;

/** §You Need: two or more players; six per deck keeps the deal and the play-off inside the cards. */
export function checkSeats(input: DungeonOptions, seats: number): void {
  const options = resolveOptions(input);
  if (!Number.isInteger(seats) || seats < 2 || seats > maxSeats(options))
    fail('bad-seat-count', `Dungeon takes 2 to ${maxSeats(options)} players with ${options.decks} deck(s)`);
}
