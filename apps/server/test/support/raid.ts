// Raids over HTTP for server tests: bots play every seat through the API, and the experience table as an oracle.
import { heuristicBot, raid, type RaidView } from '@delve/game-raid';
import { randomFor } from '@delve/kernel';
import type { FastifyInstance } from 'fastify';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export type RaidResult = NonNullable<RaidView['result']>;

/** One HTTP request to the server under test (in process or a child process): status and parsed body. */
export type Request = (method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => Promise<{ status: number; body: Json }>;

/** Requests to an app in process (inject), for the raid driver. */
export const requester =
  ({ app }: { app: FastifyInstance }): Request =>
  async (method, url, body, token) => {
    const reply = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined && { payload: body as object }),
    });
    return { status: reply.statusCode, body: reply.body === '' ? undefined : reply.json() };
  };

/** The XP printed on each achievement card, as the module publishes its content. */
const PRINTED_XP = new Map(raid.content?.filter((c) => c.type === 'achievement').map((c) => [c.id, Number(c.stats?.xp)]));

/**
 * The experience table written out (wow-tcg-dungeon-decks.txt, Level Up Rules): the oracle the sheets must agree with.
 * 5 XP for a first run at the dungeon, else 2; 5 for the Dungeon hero, else 2 for half its health in damage; 2 a Boss;
 * and the XP printed on each achievement card the group earned (the table's note).
 */
export function tableXp(result: RaidResult, first: boolean): number {
  const bosses = new Set(result.bossesDestroyed.map((b) => b.card)).size;
  const ending = result.dungeonHeroDestroyed ? 5 : result.damageDealt * 2 >= result.health ? 2 : 0;
  const achievements = [...new Set(result.achievements)].reduce((sum, id) => sum + (PRINTED_XP.get(id) ?? NaN), 0);
  return (first ? 5 : 2) + ending + 2 * bosses + achievements;
}

/** The runs a raider seated in every one of these raids (in the order they ended) must show: XP and attempt each. */
export function expectedRuns(raids: readonly { gameId: string; result: RaidResult }[]) {
  const seen = new Set<string>();
  return raids.map(({ gameId, result }) => {
    const first = !seen.has(result.dungeon);
    seen.add(result.dungeon);
    return { gameId, xp: tableXp(result, first), attempt: first ? 'first' : 'later' };
  });
}

/**
 * Play a raid to its end: the awaited seat's heuristic bot chooses from its own view (randomness from `label`, so a
 * raid is reproducible), or with `idle` the seat only keeps, passes, ends its turn and discards. `beforeStep` runs
 * before each command (a look at the raid, a kill -9). Returns seat 0's final view.
 */
export async function playRaid(
  request: Request,
  game: { id: string; tokens: readonly string[] },
  label: string,
  options: { idle?: boolean; beforeStep?: (step: number, token: string) => Promise<void> } = {},
): Promise<RaidView> {
  // Who is awaited comes with each command's answer (the sender's view), so a step costs one read and one command.
  let awaiting: readonly number[] = (await request('GET', `/games/${game.id}`)).body.awaiting;
  for (let step = 0; awaiting.length > 0; step++) {
    if (step > 4000) throw new Error(`${label}: the raid did not end`);
    const seat = awaiting[0] as number;
    const token = game.tokens[seat] as string;
    await options.beforeStep?.(step, token);
    let command: Json;
    if (options.idle) {
      const legal = (await request('GET', `/games/${game.id}/legal-commands`, undefined, token)).body.commands as Json[];
      command = legal.find((c) => ['KeepHand', 'Pass', 'EndTurn', 'Discard'].includes(c.type));
    } else {
      const view = (await request('GET', `/games/${game.id}/view`, undefined, token)).body.view as RaidView;
      command = heuristicBot(view, seat, randomFor(label, step));
    }
    const sent = await request('POST', `/games/${game.id}/commands`, command, token);
    if (sent.status !== 200) throw new Error(`${label}: ${JSON.stringify(command)} refused: ${JSON.stringify(sent.body)}`);
    awaiting = (sent.body.view as RaidView).awaiting;
  }
  const final = (await request('GET', `/games/${game.id}/view`, undefined, game.tokens[0])).body.view as RaidView;
  if (!final.result) throw new Error(`${label}: nobody is awaited, yet the raid has no result`);
  return final;
}
