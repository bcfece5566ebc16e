// The gameUpdated subscription: what one push says, and the iterator that pushes every revision once and in order.
import { ClockState, GameLifecycle, VisibleEvent } from '@delve/kernel';
import { Type } from '@sinclair/typebox';
import { LegalCommands, moduleSchema } from '../operations/schemas';
import type { UpdatesFeed } from './feed';

/** A new revision of a game, as one subscriber may see it. */
export const GameUpdate = Type.Object(
  {
    gameId: Type.String({ format: 'uuid', description: 'The game.' }),
    revision: Type.Integer({ minimum: 0, description: 'The revision the game has reached.' }),
    status: GameLifecycle,
    events: Type.Array(VisibleEvent, { description: 'The events since the last push, redacted for the subscriber.' }),
    clock: Type.Union([ClockState, Type.Null()], { description: 'The turn clock at this revision; null for a game without one.' }),
    view: moduleSchema('view', Type.Unknown({ description: "The subscriber's view at this revision." })),
    legal: Type.Union([LegalCommands, Type.Null()], {
      description:
        "What the subscriber's seat may send at this revision, as GET /games/{id}/legal-commands lists it, so that a " +
        'seat can play from its pushes alone; null for a subscriber who holds no seat here (a spectator, the operator).',
    }),
  },
  {
    title: 'GameUpdate',
    description: 'A new revision of a game, as one subscriber may see it; the subscription completes once it is over.',
  },
);

/** A game in one of these states never changes again: its subscription completes. */
const FINAL: ReadonlySet<string> = new Set(['finished', 'abandoned']);

/**
 * An async iterator of pushes: what arrives before the client asks waits in order; finishing delivers what waits,
 * then completes; the client's return() stops it at once. `stop` is called once, when it finishes either way.
 */
export class Pushes<T> implements AsyncIterableIterator<T> {
  private readonly waiting: ((result: IteratorResult<T>) => void)[] = [];
  private readonly ready: T[] = [];
  protected done = false;
  protected stop: () => void = () => undefined;

  protected push(value: T): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value, done: false });
    else this.ready.push(value);
  }

  private readonly finished: (() => void)[] = [];

  /** Run `then` once the pushes end (the client unsubscribed, the socket closed, or the game ended). */
  onFinish(then: () => void): void {
    if (this.done) then();
    else this.finished.push(then);
  }

  protected finish(): void {
    if (this.done) return;
    this.done = true;
    this.stop();
    for (const then of this.finished.splice(0)) then();
    for (const waiter of this.waiting.splice(0)) waiter({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.ready.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * The async iterator behind one gameUpdated subscription: wakes on the feed, pushes every revision range once and in
 * order, and stops listening as soon as the client unsubscribes (return()), not at the next event.
 */
export class GameUpdates<T extends { status: string; revision: number }> extends Pushes<T> {
  private busy: Promise<void> = Promise.resolve();
  private sent = Number.POSITIVE_INFINITY;

  constructor(
    feed: UpdatesFeed,
    gameId: string,
    after: number | null,
    /**
     * Everything from `from` to the game's head as one update, or null when the head is before `from`; `reached` is a
     * revision the game is known to have reached (the feed told of it).
     */
    private readonly load: (from: number, reached: number) => Promise<T | null>,
    private readonly head: () => Promise<{ revision: number; status: string }>,
  ) {
    super();
    // Listen, and read the head only once the feed follows the store: an event committed in between is not missed.
    const step = (work: () => Promise<void>) => {
      // Serialised so ranges never overlap or reorder when events arrive faster than we load.
      this.busy = this.busy.then(work).catch(() => this.finish());
    };
    const listening = feed.listen(gameId, (revision) => step(() => this.advance(revision)));
    this.stop = listening.stop;
    step(async () => {
      await listening.ready;
      const { revision: head, status } = await this.head();
      this.sent = after === null ? head : Math.min(after, head);
      await this.advance(head);
      // A game already over with nothing left to push: there is nothing to wait for.
      if (FINAL.has(status) && this.sent >= head) this.finish();
    });
  }

  private async advance(revision: number): Promise<void> {
    if (this.done || revision <= this.sent) return;
    const update = await this.load(this.sent + 1, revision);
    if (update === null) return;
    this.sent = update.revision;
    this.push(update);
    // The last revision of a game that ended: deliver it, then complete (next() drains what waits before `done`).
    if (FINAL.has(update.status)) this.finish();
  }
}

/** The lobby events: a table appears, a seat is taken, the table starts or is given up. */
const LOBBY_CHANGES: ReadonlySet<string> = new Set(['GameCreated', 'SeatClaimed', 'GameStarted', 'GameAbandoned']);

/**
 * The async iterator behind one lobbyUpdated subscription: each change to a table of the lobby (of one module, when
 * asked), as the table's summary after it. Never completes by itself.
 */
export class LobbyUpdates<T extends { module: string }> extends Pushes<T> {
  private busy: Promise<void> = Promise.resolve();

  constructor(
    feed: UpdatesFeed,
    module: string | null,
    /** The table's summary now (null: not a table any more, or unreadable). */
    load: (gameId: string) => Promise<T | null>,
  ) {
    super();
    const listening = feed.listenAll((_revision, { gameId, type }) => {
      if (!LOBBY_CHANGES.has(type)) return;
      // One at a time, in the order the log gave them.
      this.busy = this.busy.then(async () => {
        const table = await load(gameId).catch(() => null);
        if (!this.done && table && (module === null || table.module === module)) this.push(table);
      });
    });
    this.stop = listening.stop;
  }
}
