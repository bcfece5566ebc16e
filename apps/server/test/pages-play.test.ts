// Issue 32 in a real browser: for every module a person finds the lobby, creates a game with server bots in the other
// seats and plays it to the end by clicks alone (on the picture where a move has a place there, else on its button),
// reading the table, the log in words and the legend; nothing leaves the server and no script fails.
import { randomFor, type AnyGameModule, type Message } from '@delve/kernel';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { loadModules } from '../src/modules';
import { listening, testApp } from './support/app';
import { launchChromium, noChromium } from './support/chromium';

const SHOTS = process.env.SCREENSHOTS;
/** Each module's table: seats and options that make a short game a person can finish. */
const TABLES: Record<string, { seats: number; options?: Record<string, string> }> = {
  dungeon: { seats: 2 },
  venture: { seats: 2 },
  raid: { seats: 2, options: { difficulty: 'novice' } },
  dungeoneer: { seats: 2 },
};

/** What the page shows the person now: over, their move (the view and the moves offered), or waiting for others. */
const SITUATION = `(() => {
  const body = document.body;
  if (body.dataset.status === 'finished' || body.dataset.status === 'abandoned') return { over: body.dataset.status };
  const board = document.getElementById('board');
  if (board.dataset.revision !== body.dataset.head) return null;
  if (document.getElementById('problem').textContent) return { problem: document.getElementById('problem').textContent, revision: Number(body.dataset.head) };
  const awaited = document.querySelector('#seats li:first-child')?.dataset.awaited === 'true';
  const moves = [...document.querySelectorAll('#moves:not([hidden]) button.move')].map((b) => b.dataset.command);
  if (!awaited || moves.length === 0) return null;
  return { revision: Number(body.dataset.head), view: JSON.parse(document.getElementById('json').textContent), moves };
})()`;

interface Situation {
  over?: string;
  problem?: string;
  revision?: number;
  view?: unknown;
  moves?: string[];
}

/**
 * Play seat 0 to the end by clicks: the module's default bot, looking at the view the page shows and the moves it
 * offers, is the person's mind; the hand clicks the picture's control for that move when there is one, else its button.
 */
async function playByClicks(t: Test, page: Page, module: AnyGameModule, shot: (name: string) => Promise<void>) {
  const bot = module.bots?.[0];
  let clicks = 0;
  let onPicture = 0;
  let acted = -1;
  for (let step = 0; step < 1500; step++) {
    const handle = await page.waitForFunction(
      `(() => { const s = ${SITUATION}; return s && (s.over || s.problem || s.revision > ${acted}) ? s : null; })()`,
      undefined,
      { timeout: 90_000 },
    );
    const now = (await handle.jsonValue()) as Situation;
    if (now.over) return { clicks, onPicture, over: now.over };
    if (now.problem) await page.evaluate(`document.getElementById('problem').textContent = ''`);
    if (!now.moves) continue;
    if (clicks === 12) await shot(`play-${module.name}`);
    const legal = now.moves.map((m) => JSON.parse(m) as Message);
    const wanted = bot?.play({ seat: 0, view: now.view, legal, templates: [] }, randomFor(`pages-${module.name}`, step)) ?? null;
    const safe = legal.filter((c) => !['Concede', 'LeaveGame'].includes(c.type));
    const command = wanted && legal.some((c) => JSON.stringify(c) === JSON.stringify(wanted)) ? wanted : (safe[0] ?? legal[0]!);
    const key = JSON.stringify(command);
    // Mark what the hand will click (test plumbing only), then click it as a person does.
    const where = (await page.evaluate(`(() => {
      const key = ${JSON.stringify(key)};
      for (const el of document.querySelectorAll('[data-pick]')) el.removeAttribute('data-pick');
      const spot = [...document.querySelectorAll('[data-commands]')].find((el) => JSON.parse(el.dataset.commands).some((c) => JSON.stringify(c) === key));
      if (spot) { spot.setAttribute('data-pick', 'picture'); return 'picture'; }
      [...document.querySelectorAll('button.move')].find((b) => b.dataset.command === key)?.setAttribute('data-pick', 'button');
      return 'button';
    })()`)) as string;
    try {
      await page.click('[data-pick]', { timeout: 5000 });
      // A place several moves share shows just those: the hand picks the one it meant.
      if (where === 'picture' && (await page.$('button.move.offered')))
        await page.click(`button.move.offered[data-command='${key.replace(/'/g, "\\'")}']`, { timeout: 5000 });
    } catch {
      continue; // the table moved on under the hand (a push redrew it): look again
    }
    if (where === 'picture') onPicture++;
    clicks++;
    acted = now.revision!;
  }
  t.fail(`${module.name}: no end after 1500 steps`);
  return { clicks, onPicture, over: 'no' };
}

if (noChromium) {
  t.test('the pages in a browser', { skip: noChromium }, () => {});
} else {
  const modules = await loadModules();
  const ctx = await testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, modules, 'pages-play', undefined, { scheduler: true });
  const base = await listening(ctx.app);
  const browser = await launchChromium([base]);
  t.teardown(async () => {
    await browser.close();
    await ctx.close();
  });

  for (const [name, table] of Object.entries(TABLES)) {
    t.test(`${name}: a person creates a game with bots in the lobby and plays it to the end by clicks`, async (t) => {
      const page = await browser.open(`${base}/`);
      await page.selectOption('#new-module', name);
      await page.fill('input[name="seats"] >> nth=0', String(table.seats));
      await page.fill('input[name="name"] >> nth=-1', 'Ada');
      for (const [option, value] of Object.entries(table.options ?? {}))
        await page.selectOption(`[data-option="${option}"]`, JSON.stringify(value));
      await page.getByRole('button', { name: 'Create and sit down' }).click();
      await page.waitForSelector(`body[data-module="${name}"] #board[data-revision]`);
      const gameId = page.url().split('/').pop()!;
      t.notMatch(page.url(), /token|#/, 'no secret in the address');
      const played = await playByClicks(t, page, modules[name]!, (shot) => browser.shot(page, SHOTS, shot));
      t.equal(played.over, 'finished', `${name}: the game ends after ${played.clicks} clicks (${played.onPicture} on the picture)`);
      t.ok(played.onPicture > 0 || name === 'venture', `${name}: moves were made on the picture itself`);
      const summary = await ctx.service.reads.summary(gameId);
      t.equal(summary.status, 'finished');
      t.equal(summary.seats[0]?.name, 'Ada', 'the person sat as themselves');
      t.ok(
        summary.seats.slice(1).every((s) => s.bot !== null),
        'every other seat held a bot',
      );
      await page.waitForSelector('#log li');
      const log = await page.$$eval('#log li', (items) => items.map((i) => i.textContent ?? ''));
      t.ok(
        log.length > 5 && log.some((line) => line.includes('Ada')),
        `the log tells the game in words, seats by name (${log.length} lines)`,
      );
      t.ok((await page.$$('#legend dt')).length >= 3, 'the symbols have a legend');
      await browser.shot(page, SHOTS, `end-${name}`);
      await page.close();
    });
  }

  t.test('nothing left the server and no script failed', async (t) => {
    t.same(browser.outside, []);
    t.same(browser.pageErrors, []);
  });
}
