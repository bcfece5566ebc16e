// Games played over HTTP through the typed client (@delve/client), every reply checked against the served contract:
// each awaited seat reads its own view, and a bot answers from that view alone.
import { DelveClient, DelveError, type Command, type ModuleName, type Options, type SeatClient, type View } from '@delve/client';
import type { Test } from 'tap';
import { checkedFetch } from './http';
import { listening, type TestApp } from './app';

/** A client of the test app over a real socket, checking every reply against the contract the app serves. */
export async function clientOf(t: Test, ctx: TestApp): Promise<DelveClient> {
  return new DelveClient({ baseUrl: await listening(ctx.app), fetch: checkedFetch(t, ctx.app) });
}

/** A game of `module` with every seat claimed. */
export interface Table<M extends ModuleName> {
  readonly id: string;
  readonly seats: SeatClient<M>[];
}

export async function newTable<M extends ModuleName>(
  client: DelveClient,
  module: M,
  seats: number,
  options?: Options<M>,
): Promise<Table<M>> {
  const game = await client.createGame(module, seats, options);
  const claimed: SeatClient<M>[] = [];
  for (let i = 0; i < seats; i++) claimed.push(await client.claimSeat(module, game.id));
  return { id: game.id, seats: claimed };
}

/** What a bot answers for an awaited seat, given that seat's view; null when it finds nothing to do. */
export type Bot<M extends ModuleName> = (
  seat: SeatClient<M>,
  view: View<M>,
  step: number,
) => Command<M> | null | Promise<Command<M> | null>;

/**
 * Play until the game is no longer active (or `limit` commands): the awaited seats take turns, each answering with
 * `bot`. A seat with nothing to do, or a refused command, fails the test. Returns the commands sent and seat 0's live
 * views by revision, for replay checks.
 */
export async function playWith<M extends ModuleName>(
  t: Test,
  client: DelveClient,
  game: Table<M>,
  bot: Bot<M>,
  limit = 5000,
): Promise<{ commands: number; live: Map<number, View<M>> }> {
  const live = new Map<number, View<M>>();
  let commands = 0;
  for (let step = 0; step < limit; step++) {
    const summary = await client.game(game.id);
    if (summary.status !== 'active') break;
    const seat = game.seats[summary.awaiting[step % summary.awaiting.length] ?? -1];
    if (!seat) {
      t.fail(`game ${game.id} is active but awaits nobody`, { summary });
      break;
    }
    const { revision, view } = await seat.view();
    if (seat.seat === 0) live.set(revision, view);
    const command = await bot(seat, view, step);
    if (!command) {
      t.fail(`seat ${seat.seat}'s bot found nothing to do while awaited`);
      break;
    }
    try {
      await seat.send(command);
      commands++;
    } catch (error) {
      if (!(error instanceof DelveError)) throw error;
      t.fail(`seat ${seat.seat}'s command was refused`, { command, problem: error.problem });
      break;
    }
  }
  return { commands, live };
}
