// Game options: number of decks and the variants of the rule text, as a TypeBox schema and its resolved form.
import { Type, type Static } from '@sinclair/typebox';

/** Options accepted at game creation; every field is optional. */
export const optionsSchema = Type.Object(
  {
    /** One deck (Jokers as cells) or two decks combined. */
    decks: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { default: 1 })),
    /**
     * standard: Joker cells. jokers-wild: Random Cell/Jokers Wild. almost-black: jokers-wild plus face-down
     * discards. pitch-black: almost-black plus face-down passages, cheating and accusations.
     */
    variant: Type.Optional(
      Type.Union([Type.Literal('standard'), Type.Literal('jokers-wild'), Type.Literal('almost-black'), Type.Literal('pitch-black')], {
        default: 'standard',
      }),
    ),
    /** Suicide Queen: a Myrmiddon's caught liar may throw away the whole hand instead of handing the card over. */
    suicideQueen: Type.Optional(Type.Boolean({ default: false })),
    /** Counter Attack: 0 off, 1 Graverobbers only, 2 Myrmiddons only, 3 both. */
    counterAttack: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)], { default: 0 })),
  },
  { additionalProperties: false },
);

/** Options as a client sends them. */
export type DungeonOptionsInput = Static<typeof optionsSchema>;

export type Variant = 'standard' | 'jokers-wild' | 'almost-black' | 'pitch-black';

/** Options with every default filled in; this is what the state carries. */
export interface DungeonOptions {
  readonly decks: 1 | 2;
  readonly variant: Variant;
  readonly suicideQueen: boolean;
  readonly counterAttack: 0 | 1 | 2 | 3;
}

export function resolveOptions(input: DungeonOptionsInput | undefined): DungeonOptions {
  return {
    decks: input?.decks ?? 1,
    variant: input?.variant ?? 'standard',
    suicideQueen: input?.suicideQueen ?? false,
    counterAttack: input?.counterAttack ?? 0,
  };
}

/** Jokers go into the deck and cells are random face-down cards (Random Cell/Jokers Wild and both Black variants). */
export const jokersWild = (o: DungeonOptions): boolean => o.variant !== 'standard';
/** Discards go face down (Almost Black and Pitch Black). */
export const darkDiscards = (o: DungeonOptions): boolean => o.variant === 'almost-black' || o.variant === 'pitch-black';
/** Passages go face down and may be anything (Pitch Black). */
export const pitchBlack = (o: DungeonOptions): boolean => o.variant === 'pitch-black';
/** Whether Counter Attack lets a matching creature cancel this power. */
export const counters = (o: DungeonOptions, power: 'graverobber' | 'myrmiddon'): boolean =>
  power === 'graverobber' ? o.counterAttack === 1 || o.counterAttack === 3 : o.counterAttack === 2 || o.counterAttack === 3;

/** Most seats a game may have: six per deck keeps the deal and the play-off well inside the deck. */
export const maxSeats = (o: DungeonOptions): number => 6 * o.decks;
