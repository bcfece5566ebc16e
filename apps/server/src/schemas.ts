// TypeBox schemas of the REST bodies: they validate requests, serialize responses and type the handlers (mirrors openapi.yaml).
import { Type, type Static } from '@fastify/type-provider-typebox';

export const Problem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  code: Type.String(),
  detail: Type.String(),
  instance: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});

export const Seat = Type.Integer({ minimum: 0 });
export const GameStatus = Type.Union([Type.Literal('open'), Type.Literal('active'), Type.Literal('finished'), Type.Literal('abandoned')]);

export const GameIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export type GameIdParams = Static<typeof GameIdParams>;

export const Health = Type.Object({ status: Type.Union([Type.Literal('ok'), Type.Literal('ready')]) });

export const CreateGameRequest = Type.Object(
  {
    module: Type.String({ minLength: 1, maxLength: 64 }),
    options: Type.Optional(Type.Object({}, { additionalProperties: true })),
    seats: Type.Integer({ minimum: 1, maximum: 16 }),
  },
  { additionalProperties: false },
);

export const GameSummary = Type.Object({
  id: Type.String(),
  module: Type.String(),
  status: GameStatus,
  seats: Type.Array(Type.Object({ seat: Seat, claimed: Type.Boolean(), name: Type.Union([Type.String(), Type.Null()]) })),
  awaiting: Type.Array(Seat),
  winners: Type.Union([Type.Array(Seat), Type.Null()]),
  revision: Type.Integer({ minimum: 0 }),
  seedHash: Type.String(),
});

export const ListGamesQuery = Type.Object({
  module: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  status: Type.Optional(GameStatus),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

export const GameList = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      module: Type.String(),
      status: GameStatus,
      seats: Type.Integer({ minimum: 1 }),
      openSeats: Type.Integer({ minimum: 0 }),
      revision: Type.Integer({ minimum: 0 }),
      createdAt: Type.String(),
    }),
  ),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ClaimSeatRequest = Type.Object(
  {
    seat: Type.Optional(Seat),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const SeatClaimed = Type.Object({ seat: Seat, token: Type.String(), revision: Type.Integer({ minimum: 0 }) });

export const Command = Type.Object({ type: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: true });

export const Event = Type.Object({
  revision: Type.Integer({ minimum: 0 }),
  type: Type.String(),
  data: Type.Unknown(),
  at: Type.String(),
});

export const CommandHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' })),
});

export const CommandResult = Type.Object({
  revision: Type.Integer({ minimum: 0 }),
  events: Type.Array(Event),
  view: Type.Unknown(),
});

export const ViewQuery = Type.Object({ revision: Type.Optional(Type.Integer({ minimum: 0 })) });
export const ViewResult = Type.Object({ revision: Type.Integer({ minimum: 0 }), view: Type.Unknown() });

export const LegalCommands = Type.Object({ seat: Seat, commands: Type.Array(Command) });

export const EventsQuery = Type.Object({
  from: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
});
export const EventPage = Type.Object({
  items: Type.Array(Event),
  nextFrom: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

export const Audit = Type.Object({
  verified: Type.Boolean(),
  seed: Type.String(),
  commands: Type.Array(Type.Object({ revision: Type.Integer({ minimum: 0 }), actor: Type.String(), input: Type.Unknown() })),
  divergence: Type.Optional(
    Type.Object({ revision: Type.Integer({ minimum: 0 }), reason: Type.String(), expected: Type.Unknown(), actual: Type.Unknown() }),
  ),
});

/** Error responses shared by the game routes. */
export const problems = (...statuses: number[]): Record<number, typeof Problem> => Object.fromEntries(statuses.map((s) => [s, Problem]));
