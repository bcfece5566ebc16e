// Rebuilding read models from the log gives the documents the live runners built, also while a runner keeps
// following new events; `npm run rebuild` reports progress and exits 0.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { toyGame } from '@delve/kernel/testing';
import t from 'tap';
import { rebuildReadModels } from '../src/rebuild';
import { testApp, type TestApp } from './support/app';

const modules = { toy: toyGame };
const ALL = ['games-list', 'character-sheets', 'player-profiles', 'campaign-progress'] as const;

async function documents(ctx: TestApp): Promise<string[]> {
  const rows = await ctx.sql<{ projection: string; id: string; doc: unknown }[]>`
    select projection, id, doc from read_models where projection not like '%#rebuild' order by projection, id`;
  return rows.map((r) => JSON.stringify([r.projection, r.id, r.doc]));
}

/** Two players with characters play `games` toy games to the end; a campaign records one more. */
async function play(ctx: TestApp, games: number): Promise<void> {
  const { players, characters, campaigns } = ctx.platform;
  const ada = await players.register('Ada');
  const bob = await players.register('Bob');
  const a = await characters.create(ada.player.id, { module: 'toy', name: 'A' });
  const b = await characters.create(bob.player.id, { module: 'toy', name: 'B' });
  for (let g = 0; g < games; g++) {
    const { gameId } = await ctx.service.lobby.createGame({ module: 'toy', seats: 2 });
    await characters.claimSeat(gameId, ada.player.id, { character: a.id });
    await characters.claimSeat(gameId, bob.player.id, { character: b.id });
    for (let seat = 0; seat < 2; seat++) await ctx.service.commands.execute(gameId, { type: 'Stand' }, { seat });
    await ctx.settle(); // frees the characters for the next game
  }
  const campaign = await campaigns.create(ada.player.id, { name: 'Road', module: 'toy' });
  await campaigns.join(bob.player.id, campaign.id, {});
  const scheduled = await campaigns.schedule(ada.player.id, campaign.id, {});
  for (let seat = 0; seat < 2; seat++) await ctx.service.commands.execute(scheduled.gameId, { type: 'Stand' }, { seat });
  await ctx.settle();
}

t.test('a rebuild of every read model gives the same documents as the live runners', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  await play(ctx, 3);
  const live = await documents(ctx);
  t.ok(
    live.some((d) => d.startsWith('["character-sheets-v1"')),
    'sheets were built',
  );
  t.ok(
    live.some((d) => d.startsWith('["player-profiles-v1"')),
    'profiles were built',
  );
  t.ok(
    live.some((d) => d.startsWith('["campaign-progress-v1"')),
    'campaigns were built',
  );
  const progress: number[] = [];
  const reports = await rebuildReadModels(ctx.store, ctx.sql, modules, ALL, (_name, done) => progress.push(done));
  t.same(await documents(ctx), live, 'same content after the rebuild');
  t.equal(reports.length, 4);
  t.ok(reports.every((r) => r.events > 0) && progress.length > 0, 'progress was reported');
});

t.test('a rebuild while a live runner follows new games ends in the same documents as a quiet rebuild', async (t) => {
  const ctx = await testApp({}, modules, undefined, undefined, { readSide: true });
  t.teardown(ctx.close);
  await play(ctx, 2);
  const [rebuilt] = await Promise.all([rebuildReadModels(ctx.store, ctx.sql, modules, ALL), play(ctx, 2)]);
  t.equal(rebuilt.length, 4);
  await ctx.settle();
  const afterBusy = await documents(ctx);
  await rebuildReadModels(ctx.store, ctx.sql, modules, ALL);
  await ctx.settle();
  t.same(afterBusy, await documents(ctx), 'nothing was lost or applied twice around the swap');
});

t.test('npm run rebuild: plain progress lines when not on a terminal, then a report per read model', async (t) => {
  const ctx = await testApp({}, modules);
  t.teardown(ctx.close);
  await play(ctx, 1);
  const script = new URL('../../../scripts/rebuild.ts', import.meta.url).pathname;
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script, 'all'], {
    env: { ...process.env, DATABASE_URL: ctx.url, GAME_PACKAGES: '@delve/kernel/testing' },
  });
  const { stdout } = await run;
  for (const name of ALL) t.match(stdout, new RegExp(`${name}: rebuilt from \\d+ events`), `${name} reported`);
  t.match(stdout, /\[#+\.*\] \d+\/\d+ events +\d[\d,]* ev\/s +ETA/, 'a progress line with done/total, rate and ETA');
  const bad = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, 'nonsense']).catch(
    (e: { code: number; stderr: string }) => e,
  );
  t.match(bad, { code: 2, stderr: /usage: npm run rebuild/ });
});
