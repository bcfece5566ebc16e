// Being told, as a pure reaction to the log: a seat of a player's becomes awaited, its clock runs low, a game ends, a
// campaign schedules a game, a character levels up. The notifier (runtime/notifier.ts) feeds it folded records; what it
// returns goes to players' feeds and webhooks' outboxes. Shapes are declared once here, as TypeBox schemas.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { SeatDeadline } from './clock';
import type { GameRecord } from './lobby';
import type { AnyGameModule, Message, Seat } from './module';
import { CampaignSeat, CharacterDocument, SeatNumber } from './schemas';

const Uuid = (description: string) => Type.String({ format: 'uuid', description });
const Instant = (description: string) => Type.String({ description: `${description} (ISO 8601).` });
const Nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

/** What a player's feed and webhooks tell: the kinds of notice. */
export const NoticeKind = Type.Union(
  [
    Type.Literal('turn'),
    Type.Literal('clock.low'),
    Type.Literal('game.finished'),
    Type.Literal('campaign.scheduled'),
    Type.Literal('character.levelled'),
  ],
  {
    title: 'NoticeKind',
    description:
      'turn: a seat became awaited; clock.low: its deadline is near; game.finished: a game ended (finished or abandoned); ' +
      'campaign.scheduled: a campaign scheduled a game; character.levelled: a character reached a higher level.',
  },
);
export type NoticeKind = Static<typeof NoticeKind>;

/** The kinds a player's own feed carries (myTurns and the inbox). */
export const FEED_KINDS: readonly NoticeKind[] = ['turn', 'clock.low', 'game.finished'];

/** The events a webhook may ask for. */
export const WebhookEvent = Type.Union(
  [Type.Literal('turn'), Type.Literal('game.finished'), Type.Literal('campaign.scheduled'), Type.Literal('character.levelled')],
  { title: 'WebhookEvent', description: 'An event a webhook may ask for.' },
);
export type WebhookEvent = Static<typeof WebhookEvent>;

/** The seat a turn or clock notice is about, in its game. */
const seatFields = {
  gameId: Uuid('The game.'),
  module: Type.String({ description: "The game's module." }),
  seat: SeatNumber,
  player: Nullable(Uuid('The player holding the seat.'), 'The player holding the seat; null for an anonymous seat.'),
};

export const TurnData = Type.Object(
  {
    ...seatFields,
    revision: Type.Integer({ minimum: 0, description: 'The revision at which the seat became awaited.' }),
    deadline: Nullable(Instant('When its time runs out'), "When the seat's time runs out; null without a clock."),
  },
  { title: 'TurnData', description: 'A seat became awaited: it is that seat’s turn (or its answer is wanted).' },
);
export type TurnData = Static<typeof TurnData>;

export const ClockLowData = Type.Object(
  {
    ...seatFields,
    revision: Type.Integer({ minimum: 0, description: 'The revision whose ClockSet set the deadline.' }),
    deadline: Instant('When the seat’s time runs out'),
  },
  { title: 'ClockLowData', description: "An awaited seat's clock runs low: a fifth of its time (at least 30 s, at most half) is left." },
);
export type ClockLowData = Static<typeof ClockLowData>;

export const GameFinishedData = Type.Object(
  {
    gameId: Uuid('The game.'),
    module: Type.String({ description: "The game's module." }),
    status: Type.Union([Type.Literal('finished'), Type.Literal('abandoned')], { description: 'How it ended.' }),
    winners: Type.Array(SeatNumber, { description: 'The winning seats (none when abandoned).' }),
    revision: Type.Integer({ minimum: 0, description: 'The last revision of the game.' }),
  },
  { title: 'GameFinishedData', description: 'A game ended: finished with its winners, or abandoned.' },
);
export type GameFinishedData = Static<typeof GameFinishedData>;

export const CampaignScheduledData = Type.Object(
  {
    campaignId: Uuid('The campaign.'),
    gameId: Uuid('The game scheduled.'),
    seats: Type.Array(CampaignSeat, { description: 'Who sits where: members take their seat tokens with their player key.' }),
  },
  { title: 'CampaignScheduledData', description: 'A campaign scheduled a game with its members seated.' },
);
export type CampaignScheduledData = Static<typeof CampaignScheduledData>;

export const CharacterLevelledData = Type.Object(
  {
    characterId: Uuid('The character.'),
    owner: CharacterDocument.properties.owner,
    module: CharacterDocument.properties.module,
    name: CharacterDocument.properties.name,
    level: Type.Integer({ description: 'The level it has now (its sheet’s level).' }),
    previousLevel: Type.Integer({ description: 'The level it had before.' }),
    revision: Type.Integer({ minimum: 0, description: 'The revision of the character stream where it levelled.' }),
  },
  { title: 'CharacterLevelledData', description: "A character's level rose (its sheet's level, as the module counts it)." },
);
export type CharacterLevelledData = Static<typeof CharacterLevelledData>;

/** What each kind of notice says. */
export interface NoticeData {
  readonly turn: TurnData;
  readonly 'clock.low': ClockLowData;
  readonly 'game.finished': GameFinishedData;
  readonly 'campaign.scheduled': CampaignScheduledData;
  readonly 'character.levelled': CharacterLevelledData;
}

/** One fact to tell: to the players it concerns (their feeds and webhooks) and to the operator's webhooks. */
export type Notice = {
  [K in NoticeKind]: {
    readonly kind: K;
    /** The same fact gives the same key, so it is told to each recipient once however often it is derived. */
    readonly key: string;
    /** What deliveries keep their order within: `game:<id>` or `character:<id>`. */
    readonly subject: string;
    /** The players it concerns (none: the operator's webhooks only). */
    readonly players: readonly string[];
    /** When it happened (ISO 8601). */
    readonly at: string;
    readonly data: NoticeData[K];
  };
}[NoticeKind];

/** A clock-low notice waiting for its time, planned when a deadline starts. */
export interface LowClockTimer {
  readonly key: string;
  readonly player: string;
  readonly gameId: string;
  readonly seat: Seat;
  /** When the clock runs low (ISO 8601). */
  readonly due: string;
  readonly data: ClockLowData;
}

/**
 * A change to the clock-low timers: plan one, or stop those of a seat (null: every seat of the game) because its
 * deadline ended at `at`. A stopped timer already due by `at` is told anyway: the clock did run low before the move.
 */
export type ClockChange =
  { readonly set: LowClockTimer } | { readonly stop: { readonly gameId: string; readonly seat: Seat | null; readonly at: string } };

/** One item of a player's feed (the inbox and myTurns). */
export const Notification = Type.Object(
  {
    id: Type.String({ description: 'The notification, as a cursor: later ones have larger ids (a decimal number).' }),
    kind: Type.Union([Type.Literal('turn'), Type.Literal('clock.low'), Type.Literal('game.finished')], {
      title: 'NotificationKind',
      description: 'turn: one of your seats is awaited; clock.low: its deadline is near; game.finished: a game of yours ended.',
    }),
    at: Instant('When it happened'),
    gameId: Uuid('The game.'),
    module: Type.String({ description: "The game's module." }),
    seat: Nullable(SeatNumber, 'Your seat it is about; null for game.finished.'),
    revision: Type.Integer({ minimum: 0, description: 'The game revision it is about.' }),
    deadline: Nullable(Instant('When the seat’s time runs out'), "The seat's deadline; null without a clock or for game.finished."),
    status: Nullable(
      Type.Union([Type.Literal('finished'), Type.Literal('abandoned')]),
      'How the game ended (game.finished only; null otherwise).',
    ),
    winners: Nullable(Type.Array(SeatNumber), 'The winning seats (game.finished only; null otherwise).'),
  },
  { title: 'Notification', description: 'Something you are told about one of your games.' },
);
export type Notification = Static<typeof Notification>;

/** A stored feed notice as a Notification (`id` is its place in the feed). */
export function notificationOf(id: string, kind: 'turn' | 'clock.low' | 'game.finished', at: string, data: unknown): Notification {
  const d = data as Partial<TurnData & GameFinishedData>;
  const ended = kind === 'game.finished';
  return {
    id,
    kind,
    at,
    gameId: String(d.gameId),
    module: String(d.module),
    seat: ended ? null : (d.seat ?? null),
    revision: d.revision ?? 0,
    deadline: ended ? null : (d.deadline ?? null),
    status: ended ? (d.status ?? null) : null,
    winners: ended ? [...(d.winners ?? [])] : null,
  };
}

const SECOND = 1000;

/**
 * When a deadline's clock runs low: with a fifth of the time it gave left, but never later than 30 s before it (a
 * short clock would otherwise warn too late to act), and never earlier than half-way.
 */
export function lowClockAt(deadline: Pick<SeatDeadline, 'at' | 'startedAt'>): string {
  const end = Date.parse(deadline.at);
  const allowance = Math.max(0, end - Date.parse(deadline.startedAt));
  const left = Math.max(allowance / 5, Math.min(30 * SECOND, allowance / 2));
  return new Date(end - Math.round(left)).toISOString();
}

/** A game's state after one batch of its events (one command and what followed from it). */
export interface GameBatch {
  /** The record once the batch is folded in. */
  readonly record: GameRecord;
  /** The batch's events. */
  readonly events: readonly Message[];
  /** When the batch was decided (ISO 8601). */
  readonly at: string;
}

/** Seats a person plays (not a bot, not on autopilot) that the game awaits. */
function awaitedPeople(record: GameRecord | null, module: AnyGameModule): Set<Seat> {
  if (!record || record.status !== 'active' || record.retired) return new Set();
  const awaiting = module.status(record.state).awaiting;
  return new Set(awaiting.filter((seat) => record.seats[seat]?.bot === null && record.seats[seat]?.autopilot === null));
}

const deadlineOf = (record: GameRecord | null, seat: Seat): SeatDeadline | undefined =>
  record?.status === 'active' ? record.clock?.deadlines.find((d) => d.seat === seat) : undefined;

/**
 * What one game's batches tell, given the record before the first (null: the game starts in them): a turn for each
 * seat a person plays that becomes awaited, a clock-low timer for each deadline that starts (stopped when it ends),
 * and the game's end to everyone seated. A seat that stays awaited across batches is told once.
 */
export function gameNotices(
  module: AnyGameModule,
  before: GameRecord | null,
  batches: readonly GameBatch[],
): { notices: Notice[]; clocks: ClockChange[] } {
  const notices: Notice[] = [];
  const clocks: ClockChange[] = [];
  let previous = before;
  for (const { record, events, at } of batches) {
    const gameId = record.id;
    const subject = `game:${gameId}`;
    const was = awaitedPeople(previous, module);
    for (const seat of awaitedPeople(record, module)) {
      if (was.has(seat)) continue;
      const player = record.seats[seat]?.player ?? null;
      const deadline = deadlineOf(record, seat)?.at ?? null;
      notices.push({
        kind: 'turn',
        key: `game:${gameId}:turn:${seat}:${record.revision}`,
        subject,
        players: player === null ? [] : [player],
        at,
        data: { gameId, module: record.module, seat, player, revision: record.revision, deadline },
      });
    }
    clocks.push(...clockChanges(previous, record, at));
    const end = events.find((e) => e.type === 'GameFinished' || e.type === 'GameAbandoned');
    if (end) {
      const players = [...new Set(record.seats.flatMap((s) => (s.player === null ? [] : [s.player])))];
      notices.push({
        kind: 'game.finished',
        key: `game:${gameId}:ended`,
        subject,
        players,
        at,
        data: {
          gameId,
          module: record.module,
          status: end.type === 'GameFinished' ? 'finished' : 'abandoned',
          winners: [...(record.winners ?? [])],
          revision: record.revision,
        },
      });
    }
    previous = record;
  }
  return { notices, clocks };
}

/** The clock-low timers a batch starts and stops: a new deadline of a player's seat plans one, an ended one stops it. */
function clockChanges(before: GameRecord | null, after: GameRecord, at: string): ClockChange[] {
  const gameId = after.id;
  if (after.status !== 'active') return before?.status === 'active' && before.clock ? [{ stop: { gameId, seat: null, at } }] : [];
  const changes: ClockChange[] = [];
  const old = before?.status === 'active' ? (before.clock?.deadlines ?? []) : [];
  const now = after.clock?.deadlines ?? [];
  for (const d of old) {
    if (!now.some((n) => n.seat === d.seat && n.at === d.at)) changes.push({ stop: { gameId, seat: d.seat, at } });
  }
  for (const d of now) {
    if (old.some((o) => o.seat === d.seat && o.at === d.at)) continue;
    const seat = after.seats[d.seat];
    if (!seat || seat.player === null || seat.bot !== null || seat.autopilot !== null) continue;
    changes.push({
      set: {
        key: `game:${gameId}:clock.low:${d.seat}:${d.at}`,
        player: seat.player,
        gameId,
        seat: d.seat,
        due: lowClockAt(d),
        data: { gameId, module: after.module, seat: d.seat, player: seat.player, revision: after.revision, deadline: d.at },
      },
    });
  }
  return changes;
}

/** A campaign scheduled a game: told to every member seated, ordered with the game's own notices. */
export function campaignScheduledNotice(
  campaignId: string,
  event: { readonly gameId: string; readonly seats: readonly { seat: Seat; player: string | null; character: string | null }[] },
  at: string,
): Notice {
  const seats = event.seats.map(({ seat, player, character }) => ({ seat, player, character }));
  return {
    kind: 'campaign.scheduled',
    key: `campaign:${campaignId}:scheduled:${event.gameId}`,
    subject: `game:${event.gameId}`,
    players: [...new Set(seats.flatMap((s) => (s.player === null ? [] : [s.player])))],
    at,
    data: { campaignId, gameId: event.gameId, seats },
  };
}

/** The level a character's sheet shows (null: its module's sheets have no level). */
export function sheetLevel(module: AnyGameModule | undefined, progression: unknown): number | null {
  const sheet = module?.progression?.sheet(progression) as { level?: unknown } | null | undefined;
  return typeof sheet?.level === 'number' ? sheet.level : null;
}

/** A character as the level notice names it. */
export interface CharacterAt {
  readonly id: string;
  readonly owner: string;
  readonly module: string;
  readonly name: string;
  readonly level: number | null;
}

/** A character's level rose between two batches: told to its owner. */
export function levelNotice(before: CharacterAt | null, after: CharacterAt, revision: number, at: string): Notice | null {
  if (before?.level == null || after.level === null || after.level <= before.level) return null;
  return {
    kind: 'character.levelled',
    key: `character:${after.id}:level:${after.level}:${revision}`,
    subject: `character:${after.id}`,
    players: [after.owner],
    at,
    data: {
      characterId: after.id,
      owner: after.owner,
      module: after.module,
      name: after.name,
      level: after.level,
      previousLevel: before.level,
      revision,
    },
  };
}
