// Full Dungeon games between random bots over HTTP: every legal command is accepted, games end, replays and audits hold.
import { dungeon, heuristicBot, randomBot, type DungeonView } from '@delve/game-dungeon';
import { randomFor } from '@delve/kernel';
import t, { type Test } from 'tap';
import type { DelveClient, Options } from '@delve/client';
import { clientOf, newTable, playWith } from './support/bots';
import { call } from './support/http';
import { testApp, type TestApp } from './support/app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A small seeded PRNG (mulberry32) so a failing game can be replayed from its seed. */
function prng(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
  };
}

async function playRandomGame(t: Test, ctx: TestApp, seats: number, options: Record<string, unknown>, seed: number) {
  const pick = prng(seed);
  const created = await call(t, ctx.app, 'POST', '/games', { payload: { module: 'dungeon', options, seats } });
  t.equal(created.status, 201, 'created');
  const id = created.body.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < seats; i++) tokens.push((await call(t, ctx.app, 'POST', `/games/${id}/seats`, { payload: {} })).body.token);
  const live = new Map<number, unknown>();
  let commands = 0;
  for (let step = 0; step < 3000; step++) {
    const summary = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
    if (summary.status !== 'active') {
      t.equal(summary.status, 'finished', `seed ${seed}: the game ends`);
      t.ok(Array.isArray(summary.winners), 'with winners');
      break;
    }
    t.ok(summary.awaiting.length > 0, 'an active game awaits someone');
    const seat = summary.awaiting[pick(summary.awaiting.length)] as number;
    const legal = (await call(t, ctx.app, 'GET', `/games/${id}/legal-commands`, { token: tokens[seat] as string })).body.commands as Json[];
    if (legal.length === 0) {
      t.fail(`seed ${seed}: seat ${seat} is awaited but has no legal command`, { summary });
      break;
    }
    const command = legal[pick(legal.length)];
    const sent = await call(t, ctx.app, 'POST', `/games/${id}/commands`, { token: tokens[seat] as string, payload: command });
    if (sent.status !== 200) {
      t.fail(`seed ${seed}: a legal command was refused`, { command, problem: sent.body });
      break;
    }
    commands++;
    // Keep a sample of seat 0's live views for the replay check.
    if (step % 7 === 0) {
      const view = (await call(t, ctx.app, 'GET', `/games/${id}/view`, { token: tokens[0] as string })).body;
      live.set(view.revision, view.view);
    }
  }
  const end = (await call(t, ctx.app, 'GET', `/games/${id}`)).body;
  t.equal(end.status, 'finished', `seed ${seed}: finished after ${commands} commands`);
  // Views after the end are omniscient for everyone, so replays are compared only for revisions before it.
  for (const [revision, view] of [...live].filter(([r]) => r < end.revision - 1).slice(0, 5)) {
    const replay = await call(t, ctx.app, 'GET', `/games/${id}/view?revision=${revision}`, { token: tokens[0] as string });
    t.same(replay.body.view, view, `seed ${seed}: replay at ${revision} equals the live view`);
  }
  const audit = await call(t, ctx.app, 'GET', `/games/${id}/audit`);
  t.equal(audit.body.verified, true, `seed ${seed}: audit verifies`);
  return commands;
}

t.test('random bots play full Dungeon games over HTTP', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { dungeon }, process.env.DUNGEON_SECRETS ?? 'b');
  t.teardown(ctx.close);
  const games: [number, Record<string, unknown>][] = [
    [2, { counterAttack: 3 }],
    [3, { variant: 'pitch-black', suicideQueen: true }],
  ];
  // More and longer games: DUNGEON_GAMES=10 npx tap apps/server/test/dungeon.test.ts
  const extra = Number(process.env.DUNGEON_GAMES ?? 0);
  for (let i = 0; i < extra; i++) games.push([2 + (i % 5), { variant: ['standard', 'jokers-wild', 'almost-black', 'pitch-black'][i % 4] }]);
  for (const [i, [seats, options]] of games.entries()) await playRandomGame(t, ctx, seats, options, 1000 + i);
});

/** The module's bots over HTTP through the typed client: each awaited seat's bot answers from its own view alone. */
async function playBotGame(t: Test, client: DelveClient, seats: number, options: Options<'dungeon'>, seed: string) {
  const game = await newTable(client, 'dungeon', seats, options);
  // Seat 0 plays to win; the others play at random.
  await playWith(t, client, game, (seat, view, step) =>
    (seat.seat === 0 ? heuristicBot : randomBot)(view as DungeonView, seat.seat, randomFor(seed, step)),
  );
  const end = await client.game(game.id);
  t.equal(end.status, 'finished', `${seed}: ${seats} players, ${JSON.stringify(options)}: the game ends`);
  t.equal((await client.audit(game.id)).verified, true, `${seed}: audit verifies`);
  return end.winners ?? [];
}

t.test('the module’s bots play 3- and 4-player games (Pitch Black for three, two decks for four) over HTTP', async (t) => {
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000' }, { dungeon });
  t.teardown(ctx.close);
  const client = await clientOf(t, ctx);
  // Two players: the random games above, bots-e2e and the browser test.
  const tables: [number, Options<'dungeon'>][] = [
    [3, { variant: 'pitch-black' }],
    [4, { decks: 2, counterAttack: 3 }],
  ];
  for (const [i, [seats, options]] of tables.entries()) {
    const winners = await playBotGame(t, client, seats, options, `bots-${i}`);
    t.ok(winners.length <= 1, 'one winner, or nobody alive');
  }
});
