// Game options: the card set (more options join as the advanced rules arrive), and the seat counts the game takes.
import { RuleViolation } from '@delve/kernel';
import { Type, type Static } from '@sinclair/typebox';

/** Options accepted at game creation; every field is optional and has a default. */
export const optionsSchema = Type.Object(
  {
    set: Type.Optional(Type.Literal('starter', { default: 'starter', description: "The card set: Delve's original starter set." })),
  },
  { additionalProperties: false, description: 'Dungeoneer options; the standard game needs none.' },
);

/** Options as a client sends them. */
export type DungeoneerOptions = Static<typeof optionsSchema>;

/** Options with every default filled in, as the state carries them. */
export const ResolvedOptionsT = Type.Object(
  { set: Type.Literal('starter', { description: 'The card set.' }) },
  { additionalProperties: false, description: 'The options in force, defaults filled in.' },
);
/** Options with defaults filled in. */
export type ResolvedOptions = Static<typeof ResolvedOptionsT>;

/** Fill in the defaults. */
export function resolveOptions(input: DungeoneerOptions | undefined): ResolvedOptions {
  return { set: input?.set ?? 'starter' };
}

/** INTRODUCTION: 2 to 4 players. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/** INTRODUCTION: 2 to 4 players. */
export function checkSeats(_options: DungeoneerOptions, seats: number): void {
  if (!Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS)
    throw new RuleViolation('dungeoneer/bad-seat-count', `Dungeoneer seats ${MIN_SEATS} to ${MAX_SEATS} players`);
}
