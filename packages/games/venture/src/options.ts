// Table options (starting life, the opt-in dungeon) and the seat counts a venture table accepts.
import { Type, type Static } from '@sinclair/typebox';
import { fail } from './rules/fail';

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 16;
export const DEFAULT_STARTING_LIFE = 20;

/** Options accepted when a venture table is created. */
export const optionsSchema = Type.Object(
  {
    startingLife: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        default: DEFAULT_STARTING_LIFE,
        description: 'Each player’s starting life total: 20 by default, 40 for Commander.',
      }),
    ),
    baldursGateWilderness: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'Offer Baldur’s Gate Wilderness (the oversized event dungeon) to a plain venture, beside the three others.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Options of a venture table.' },
);

/** Options of a venture table, as given at creation (absent fields take their defaults). */
export type VentureOptions = Static<typeof optionsSchema>;

/** A venture table seats 2 to 16 players and starts them on a positive life total. */
export function checkSeats(options: VentureOptions, seats: number): void {
  if (!Number.isInteger(seats) || seats < MIN_PLAYERS || seats > MAX_PLAYERS)
    fail('bad-seat-count', `a venture table seats ${MIN_PLAYERS} to ${MAX_PLAYERS} players`);
  const life = options.startingLife;
  if (life !== undefined && (!Number.isInteger(life) || life < 1)) fail('bad-starting-life', 'starting life is a positive whole number');
}
