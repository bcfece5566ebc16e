// Turn clocks, the same for every module: the kinds a game may be created with, what happens when a seat's time runs
// out, and the pure rule that turns "who is awaited now" into deadlines. Time comes in as the command's recorded
// instant (the injected clock); the deadlines go out as events, so replays and audits see the same clock.
import { Type, type Static } from '@sinclair/typebox';

/** A seat number (the module contract's Seat; not imported, so this file depends on nothing of the kernel). */
type Seat = number;

export const ClockOptions = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('none', { description: 'No clock: the game waits as long as it takes.' }) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('move', { description: 'A deadline each time a seat becomes awaited (or moves and stays awaited).' }),
        seconds: Type.Integer({ minimum: 1, maximum: 86_400, description: 'Seconds the seat has for each move.' }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('bank', { description: "A chess clock: each seat's time bank runs while it is awaited." }),
        initialSeconds: Type.Integer({ minimum: 1, maximum: 7 * 86_400, description: 'Seconds in each seat’s bank at the start.' }),
        incrementSeconds: Type.Integer({
          minimum: 0,
          maximum: 86_400,
          description: 'Seconds added to a seat’s bank after each of its moves.',
        }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        kind: Type.Literal('correspondence', { description: 'Hours or days per move, for games played over days.' }),
        hours: Type.Integer({ minimum: 1, maximum: 24 * 60, description: 'Hours the seat has for each move (48: two days).' }),
      },
      { additionalProperties: false },
    ),
  ],
  { title: 'Clock', description: 'How long each seat may take: no clock (the default), per move, a time bank, or days per move.' },
);
export type ClockOptions = Static<typeof ClockOptions>;
/** A clock that runs (every kind but none). */
export type RunningClock = Exclude<ClockOptions, { kind: 'none' }>;

export const TimeoutPolicy = Type.Union([Type.Literal('forfeit'), Type.Literal('default'), Type.Literal('bot')], {
  title: 'TimeoutPolicy',
  description:
    "What happens when a seat's time runs out: forfeit (the seat concedes by the module's own rules), default (the " +
    "module's least harmful legal move is played for it) or bot (a server bot plays the seat until its player sends a " +
    'command again).',
});
export type TimeoutPolicy = Static<typeof TimeoutPolicy>;

/** One seat's deadline in force. */
export interface SeatDeadline {
  readonly seat: Seat;
  /** When its time runs out (ISO 8601). */
  readonly at: string;
  /** When this deadline started running (ISO 8601): a time bank is charged from here. */
  readonly startedAt: string;
}

/** The clock as a ClockSet event states it: every deadline in force and, for a time bank, each seat's bank. */
export interface ClockReading {
  readonly deadlines: readonly SeatDeadline[];
  /** Milliseconds left in each seat's bank, not counting a deadline running now (time banks only). */
  readonly banks?: readonly number[];
}

/** The clock of a game in its record: how it runs and what it reads now. */
export interface GameClock extends ClockReading {
  readonly options: RunningClock;
  readonly onTimeout: TimeoutPolicy;
  /** The revision of the ClockSet that set each seat's deadline: a timeout names it, and any other is moot. */
  readonly setAt: readonly { readonly seat: Seat; readonly revision: number }[];
}

const plus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();
const between = (from: string, to: string): number => Math.max(0, Date.parse(to) - Date.parse(from));

/** The clock at the start of a game: every bank full, nothing running yet. */
export function startingClock(options: RunningClock, onTimeout: TimeoutPolicy, seats: number): GameClock {
  const banks = options.kind === 'bank' ? Array.from({ length: seats }, () => options.initialSeconds * 1000) : undefined;
  return { options, onTimeout, deadlines: [], setAt: [], ...(banks && { banks }) };
}

/**
 * The clock after a batch decided at `now`: each awaited seat keeps its running deadline unless it just moved (then a
 * new one starts), a newly awaited seat gets one, and a seat no longer awaited loses its own. A time bank is charged
 * the time a seat's deadline ran, and credited its increment when the seat moved. Null when nothing changed.
 */
export function nextClock(clock: GameClock, awaiting: readonly Seat[], moved: Seat | null, now: string): ClockReading | null {
  const banks = clock.banks ? [...clock.banks] : undefined;
  // Charge the bank of every seat whose deadline stops running now.
  for (const running of clock.deadlines) {
    const stops = running.seat === moved || !awaiting.includes(running.seat);
    if (!stops || !banks || clock.options.kind !== 'bank') continue;
    const left = Math.max(0, (banks[running.seat] ?? 0) - between(running.startedAt, now));
    banks[running.seat] = left + (running.seat === moved ? clock.options.incrementSeconds * 1000 : 0);
  }
  const deadlines = awaiting.map((seat): SeatDeadline => {
    const running = clock.deadlines.find((d) => d.seat === seat);
    if (running && seat !== moved) return running;
    return { seat, at: plus(now, allowanceMs(clock.options, banks, seat)), startedAt: now };
  });
  const reading: ClockReading = { deadlines, ...(banks && { banks }) };
  const same = JSON.stringify(reading) === JSON.stringify({ deadlines: clock.deadlines, ...(clock.banks && { banks: clock.banks }) });
  return same ? null : reading;
}

/** How long a seat has from the moment its deadline starts. */
function allowanceMs(options: RunningClock, banks: readonly number[] | undefined, seat: Seat): number {
  switch (options.kind) {
    case 'move':
      return options.seconds * 1000;
    case 'correspondence':
      return options.hours * 3_600_000;
    case 'bank':
      return banks?.[seat] ?? 0;
  }
}
