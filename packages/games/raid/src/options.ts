// Game options (dungeon, difficulty, each raider's class), seat limits and the resolved options the state carries.
import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { CLASS_IDS, DUNGEON_IDS } from './content/index';
import { fail } from './rules/fail';

const lit = <T extends string>(values: readonly T[], options: object = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v) as TLiteral<T>),
    options,
  );

export const DIFFICULTIES = ['novice', 'experienced', 'heroic', 'legendary'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Fewest and most raiders (seats): the text's table is three; one or two raiders may try it too. */
export const MIN_RAIDERS = 1;
export const MAX_RAIDERS = 3;

export const optionsSchema = Type.Object(
  {
    dungeon: Type.Optional(lit(DUNGEON_IDS, { default: DUNGEON_IDS[0], description: 'which dungeon to raid' })),
    difficulty: Type.Optional(
      lit(DIFFICULTIES, {
        default: 'novice',
        description:
          'novice: Dungeon hero at level 1, raiders go first; experienced: level 1, the Dungeon goes first; heroic: level 2, ' +
          'the Dungeon first; legendary: level 3, the Dungeon first',
      }),
    ),
    classes: Type.Optional(
      Type.Array(lit(CLASS_IDS), {
        minItems: MIN_RAIDERS,
        maxItems: MAX_RAIDERS,
        description: "each raider seat's class, in seat order (one per seat); default: one of each class in turn",
      }),
    ),
  },
  { additionalProperties: false, description: 'How a raid is set up: the dungeon, its difficulty mode and each raider’s class.' },
);

/** Options as a client sends them. */
export type RaidOptionsInput = Static<typeof optionsSchema>;

/** Options with every default filled in, one class per seat: what the state carries. */
export interface RaidOptions {
  readonly dungeon: string;
  readonly difficulty: Difficulty;
  readonly classes: readonly string[];
}

/** The class a seat plays when the options name none: one of each class, in turn. */
export const defaultClass = (seat: number): string => CLASS_IDS[seat % CLASS_IDS.length] ?? 'guardian';

export function resolveOptions(input: RaidOptionsInput | undefined, seats: number): RaidOptions {
  return {
    dungeon: input?.dungeon ?? DUNGEON_IDS[0] ?? 'drowned-crypt',
    difficulty: input?.difficulty ?? 'novice',
    classes: Array.from({ length: seats }, (_, seat) => input?.classes?.[seat] ?? defaultClass(seat)),
  };
}

/** One to three raiders (the Dungeon is not a seat); `classes`, when given, names one class per seat. */
export function checkSeats(input: RaidOptionsInput, seats: number): void {
  if (!Number.isInteger(seats) || seats < MIN_RAIDERS || seats > MAX_RAIDERS)
    fail('bad-seat-count', `a raid takes ${MIN_RAIDERS} to ${MAX_RAIDERS} raiders; the Dungeon plays itself`);
  if (input.classes !== undefined && input.classes.length !== seats)
    fail('classes-mismatch', `classes names ${input.classes.length} classes for ${seats} raiders`);
}

/** The Dungeon hero's starting level and who takes the first turn, by difficulty (§Dungeon Difficulty Modes). */
export const DIFFICULTY_RULES: Readonly<Record<Difficulty, { readonly level: number; readonly first: 'raiders' | 'dungeon' }>> = {
  novice: { level: 1, first: 'raiders' },
  experienced: { level: 1, first: 'dungeon' },
  heroic: { level: 2, first: 'dungeon' },
  legendary: { level: 3, first: 'dungeon' },
};
