// The developer pages in a real headless browser (Debian's chromium): Swagger UI at /docs and GraphiQL at /graphiql
// render from installed packages and run a query with no request leaving the machine; the table viewer follows a
// Dungeon game to the end, replays any revision with its slider, never shows a seat another seat's hand, and draws the
// other modules with their own pictures.
import { dungeon, type DungeonView } from '@delve/game-dungeon';
import type { Page } from 'playwright-core';
import t from 'tap';
import { loadModules } from '../src/modules';
import { ADMIN_KEY, listening, testApp } from './support/app';
import { launchChromium, noChromium } from './support/chromium';

// Where screenshots of the pages go when asked for (SCREENSHOTS=<dir>); nothing is written otherwise.
const SHOTS = process.env.SCREENSHOTS;

if (noChromium) {
  t.test('the developer pages in a browser', { skip: noChromium }, () => {});
} else {
  // GraphiQL is served outside production only, as a development server would run it.
  const ctx = await testApp({ RATE_LIMIT_MAX: '1000000', NODE_ENV: 'development' }, { dungeon }, 'browser');
  const base = await listening(ctx.app);
  // Every module, for the viewer's other drawings (the developer pages stay on one module: a contract of four
  // makes Swagger UI and GraphiQL several times slower to render on a busy machine).
  const every = await testApp({ RATE_LIMIT_MAX: '1000000' }, await loadModules(), 'browser-modules');
  const everyBase = await listening(every.app);
  const browser = await launchChromium([base, everyBase]);
  t.teardown(async () => {
    await browser.close();
    await ctx.close();
    await every.close();
  });
  const { outside, pageErrors } = browser;
  const open = async (path: string, origin = base): Promise<Page> => browser.open(`${origin}${path}`);
  const shot = (page: Page, name: string) => browser.shot(page, SHOTS, name);

  t.test('Swagger UI at /docs renders the contract and runs GET /modules', async (t) => {
    const page = await open('/docs');
    await page.locator('#operations-modules-listModules').click();
    await page.getByRole('button', { name: 'Try it out' }).click();
    await page.getByRole('button', { name: 'Execute' }).click();
    const body = page.locator('#operations-modules-listModules .live-responses-table .response-col_description pre').first();
    await body.waitFor();
    t.match(await body.textContent(), /"name": "dungeon"/, 'the answer of the server is shown');
    t.ok((await page.locator('.opblock').count()) > 20, 'every operation is listed');
    await shot(page, 'docs');
    await page.close();
  });

  t.test('GraphiQL at /graphiql renders and runs its query', async (t) => {
    const page = await open('/graphiql');
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.result-window');
    await page.waitForFunction(`document.querySelector('.result-window')?.textContent?.includes('"modules"')`);
    t.match(await result.textContent(), /"name": "dungeon"/);
    await shot(page, 'graphiql');
    await page.close();
  });

  t.test('the viewer follows a Dungeon game to the end, replays revisions, and hides other hands', async (t) => {
    const { gameId: id } = await ctx.service.lobby.createGame({ module: 'dungeon', options: {}, seats: 2 });
    const tokens = [(await ctx.service.lobby.claimSeat(id, {})).token, (await ctx.service.lobby.claimSeat(id, {})).token];
    const seat0 = await open(`/watch/${id}#token=${tokens[0]}`);
    const spectator = await open(`/watch/${id}`);
    await seat0.waitForSelector('body[data-module="dungeon"] #board[data-revision]');
    /** Wait until the page shows the game's current head, then read the hands it draws. */
    const caughtUp = async (page: Page) => {
      const { revision } = await ctx.service.reads.summary(id);
      await page.waitForSelector(`#board[data-revision="${revision}"]`);
      return page.$$eval('[data-hand-seat]', (hands) =>
        hands.map((h) => [...h.querySelectorAll('[data-card]')].map((c) => c.getAttribute('data-card'))),
      );
    };
    let step = 0;
    for (; step < 2000; step++) {
      const summary = await ctx.service.reads.summary(id);
      if (summary.status !== 'active') break;
      if (step % 40 === 5) {
        const mine = await caughtUp(seat0);
        t.ok(
          mine[1]?.every((c) => c === '?'),
          `step ${step}: seat 0 sees seat 1's hand face down only`,
        );
        t.ok(mine[0]?.length && mine[0].every((c) => c !== '?'), `step ${step}: and its own hand face up`);
        const watched = await caughtUp(spectator);
        t.ok(
          watched.flat().every((c) => c === '?'),
          `step ${step}: a spectator sees no hand`,
        );
        if (step === 45) await shot(seat0, 'viewer-live');
      }
      const seat = summary.awaiting[step % summary.awaiting.length]!;
      const legal = await ctx.service.reads.legalCommands(id, seat);
      await ctx.service.commands.execute(id, legal[(step * 7) % legal.length]!, { seat });
    }
    const end = await ctx.service.reads.summary(id);
    t.equal(end.status, 'finished', `the game ends after ${step} commands`);
    await seat0.waitForSelector(`body[data-status="finished"]#board, body[data-status="finished"]`);
    // After a burst of commands the page catches up from the last push; on a busy machine that takes a while.
    await seat0.waitForSelector(`#board[data-revision="${end.revision}"]`, { timeout: 60_000 }).catch(async (error: unknown) => {
      // A string, not a function: this file is type-checked without the DOM's types.
      const shown: unknown = await seat0.evaluate(
        `({ head: document.body.dataset.head, drawn: document.getElementById('board')?.dataset.revision,
            status: document.getElementById('status')?.textContent })`,
      );
      t.fail(`the page did not draw the last revision ${end.revision}`, { shown, pageErrors, error: String(error) });
    });
    t.equal(await seat0.$eval('#revision', (el) => el.getAttribute('max')), String(end.revision), 'the slider reaches the last revision');

    // Replays: the slider shows the view at the revision it is set to.
    for (const revision of [3, Math.floor(end.revision / 2), end.revision - 1]) {
      await seat0.$eval(
        '#revision',
        (el, value) => {
          (el as unknown as { value: string }).value = String(value);
          el.dispatchEvent(new Event('input'));
        },
        revision,
      );
      await seat0.waitForSelector(`#board[data-revision="${revision}"]`);
      const view = (await ctx.service.reads.view(id, { kind: 'seat', seat: 0 }, revision)) as DungeonView;
      t.equal(await seat0.textContent('#revision-label'), String(revision), `revision ${revision} is labelled`);
      t.match(
        await seat0.textContent('.table-info'),
        `deck ${view.deckCount} · discard ${view.discardCount}`,
        `revision ${revision} is drawn`,
      );
      if (revision === Math.floor(end.revision / 2)) await shot(seat0, 'viewer-replay');
    }
    const admin = await fetch(`${base}/games/${id}/view`, { headers: { 'x-admin-key': ADMIN_KEY } });
    t.equal(admin.status, 200);
    t.same(outside, [], 'no page asked for anything outside this server');
    t.same(pageErrors, [], 'no script error on any page');
  });

  t.test('the viewer draws every other module with its own picture, and a seat sees only its own hand', async (t) => {
    type Seen = { seat: number; handCount?: number; grid?: { cells: unknown[] } };
    /** What only the module's own drawing puts on the page (the generic drawing has none of these). */
    const marks: Record<string, string> = { venture: '[data-stack]', raid: '[data-side="dungeon"] [data-unit]', dungeoneer: '[data-cell]' };
    for (const [module, mark] of Object.entries(marks)) {
      const { gameId: id } = await every.service.lobby.createGame({ module, options: {}, seats: 2 });
      const tokens = [(await every.service.lobby.claimSeat(id, {})).token, (await every.service.lobby.claimSeat(id, {})).token];
      for (let step = 0; step < 20; step++) {
        const summary = await every.service.reads.summary(id);
        if (summary.status !== 'active') break;
        const seat = summary.awaiting[step % summary.awaiting.length]!;
        // Nobody concedes: the game must still be on for hands to be hidden (once it ends, everyone sees everything).
        const legal = (await every.service.reads.legalCommands(id, seat)).filter((c) => c.type !== 'Concede');
        if (legal.length === 0) break;
        await every.service.commands.execute(id, legal[(step * 7) % legal.length]!, { seat });
      }
      const { revision, status } = await every.service.reads.summary(id);
      const view = (await every.service.reads.view(id, { kind: 'seat', seat: 0 })) as {
        players?: Seen[];
        raiders?: Seen[];
        grid?: Seen['grid'];
      };
      const page = await open(`/watch/${id}#token=${tokens[0]}`, everyBase);
      await page.waitForSelector(`body[data-module="${module}"] #board[data-revision="${revision}"]`);
      const drawn = await page.locator(mark).count();
      t.ok(drawn > 0, `${module}: drawn with its own picture (${drawn} × ${mark})`);
      if (view.grid) t.equal(drawn, view.grid.cells.length, `${module}: one square per placed map card`);
      const hands = await page.$$eval('[data-hand-seat]', (rows) =>
        rows.map((h) => [...h.querySelectorAll('[data-card]')].map((c) => c.getAttribute('data-card'))),
      );
      const players = view.players ?? view.raiders ?? [];
      if (players.some((p) => p.handCount !== undefined)) t.equal(status, 'active', `${module}: still being played, so hands are hidden`);
      for (const player of players) {
        if (player.handCount === undefined) continue;
        const cards = hands[player.seat] ?? [];
        t.equal(cards.length, player.handCount, `${module}: seat ${player.seat}'s hand has its ${player.handCount} cards`);
        if (player.seat === 0)
          t.ok(
            cards.every((c) => c !== '?'),
            `${module}: seat 0 sees its own hand face up`,
          );
        else
          t.ok(
            cards.every((c) => c === '?'),
            `${module}: seat 0 sees seat ${player.seat}'s hand face down only`,
          );
      }
      await shot(page, `viewer-${module}`);
      await page.close();
    }
    t.same(outside, [], 'no page asked for anything outside this server');
    t.same(pageErrors, [], 'no script error on any page');
  });
}
