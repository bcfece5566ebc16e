// Issue 32 in a real browser: the lobby (register, a character, take a seat, quick match), a raid group's campaign
// page, a raider's sheet with its level-10 unlock spent with the player's key, the player's page, and the WCAG AA
// basics on each: every field labelled, text contrast 4.5:1, and the table played from the keyboard.
import type { Page, WebSocketRoute } from 'playwright-core';
import t, { type Test } from 'tap';
import { loadModules } from '../src/modules';
import { listening, testApp } from './support/app';
import { launchChromium, noChromium } from './support/chromium';
import { playRaid, requester } from './support/raid';

const SHOTS = process.env.SCREENSHOTS;
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Fields with no label, and text whose contrast with what is behind it is under 4.5:1 (WCAG AA, normal text). */
const AA_PROBLEMS = `(() => {
  const problems = [];
  for (const field of document.querySelectorAll('input:not([type=hidden]), select, textarea'))
    if (!field.labels?.length && !field.getAttribute('aria-label')) problems.push('no label: ' + field.outerHTML.slice(0, 80));
  const rgb = (c) => (c.match(/[\\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length === 3 || c[3] > 0.9) return c.slice(0, 3); } return [255, 255, 255]; };
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('svg, [hidden], details:not([open]) > :not(summary)') || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (Number(style.opacity) < 1 || el.closest('.exhausted, .out, [disabled]')) continue;
    const [a, b] = [lum(rgb(style.color)), lum(behind(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) problems.push('contrast ' + ratio.toFixed(2) + ': ' + el.textContent.trim().slice(0, 40));
  }
  return problems;
})()`;

if (noChromium) {
  t.test('the pages for people in a browser', { skip: noChromium }, () => {});
} else {
  const ctx = await testApp({ BOT_PACE_MS: '0', RATE_LIMIT_MAX: '1000000' }, await loadModules(), 'pages-people', undefined, {
    readSide: true,
    scheduler: true,
  });
  const base = await listening(ctx.app);
  const request = requester(ctx);
  const browser = await launchChromium([base]);
  t.teardown(async () => {
    await browser.close();
    await ctx.close();
  });
  const aa = async (t: Test, page: Page, what: string) =>
    t.same(await page.evaluate(AA_PROBLEMS), [], `${what}: every field labelled, every text 4.5:1`);
  let page: Page;
  let ada: { id: string; key: string; name: string };
  let hilde: string;

  t.test('the lobby: register, make a character, and read it back', async (t) => {
    page = await browser.open(`${base}/`);
    await page.waitForSelector('[data-games="dungeon"]');
    await aa(t, page, 'the lobby');
    // The check can fail: grey on white and an unlabelled field are both caught.
    await page.evaluate(`document.body.insertAdjacentHTML('beforeend', '<p id="bad" style="color:#aaa">faint</p><input id="bad2">')`);
    t.equal(((await page.evaluate(AA_PROBLEMS)) as string[]).length, 2, 'the AA check catches faint text and an unlabelled field');
    await page.evaluate(`document.getElementById('bad').remove(); document.getElementById('bad2').remove()`);
    await browser.shot(page, SHOTS, 'lobby');
    await page.getByLabel('Your name').first().fill('Ada');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForSelector('text=Playing as');
    ada = (await page.evaluate(`JSON.parse(sessionStorage.getItem('delve.player'))`)) as typeof ada;
    t.equal(ada.name, 'Ada', 'the key is kept in this tab');
    t.notMatch(page.url(), /pk\./, 'and never in the address');
    await page.selectOption('form[aria-label="New character"] select[name="module"]', 'raid');
    await page.fill('form[aria-label="New character"] input[name="name"]', 'Hilde');
    await page.selectOption('form[aria-label="New character"] select[name="choice"]', 'guardian');
    await page.getByRole('button', { name: 'Create character' }).click();
    await page.waitForSelector('main[data-loaded="characters"]');
    hilde = page.url().split('/').pop()!;
    t.match(
      await page.textContent('main'),
      /Hilde[\s\S]*Guardian[\s\S]*Starter · 0 XP · 10 XP to 10/,
      'the new sheet: class, level and XP to the next',
    );
    await browser.shot(page, SHOTS, 'sheet-new');
  });

  t.test('a Dungeoneer hero’s sheet: the hero by name, its level and treasures', async (t) => {
    const character = (await request('POST', '/characters', { module: 'dungeoneer', name: 'Wren', options: { hero: 'tamsin' } }, ada.key))
      .body;
    await page.goto(`${base}/characters/${character.id}`);
    await page.waitForSelector('main[data-loaded="characters"]');
    const text = await page.textContent('main');
    t.match(text, /Wren[\s\S]*Hero[\s\S]*Tamsin \w+ · level 1[\s\S]*Treasures[\s\S]*none carried/, 'hero by name, level, treasures');
    t.notMatch(text, /\btamsin\b/, 'never by its id');
    await aa(t, page, 'the Dungeoneer sheet');
  });

  t.test('the lobby: take a free seat of an open game, and quick match against bots', async (t) => {
    const open = (await request('POST', '/games', { module: 'dungeon', seats: 2 })).body.id as string;
    await ctx.settle();
    await page.goto(`${base}/`);
    await page.click(`button[data-take="${open}"]`);
    await page.waitForSelector('body[data-module="dungeon"] #board[data-revision]');
    t.equal(page.url(), `${base}/watch/${open}`, 'to the table, with the token in this tab only');
    t.match(await page.textContent('#seats'), /seat 0: Ada \(you\)/, 'seated under the player’s name');
    await page.goto(`${base}/`);
    await page.selectOption('form[aria-label="Quick match"] select[name="module"]', 'dungeon');
    await page.fill('form[aria-label="Quick match"] input[name="after"]', '0');
    await page.getByRole('button', { name: 'Find me a table' }).click();
    await page.waitForSelector('body[data-module="dungeon"] #board[data-revision]', { timeout: 30_000 });
    // The bots sit down by themselves, once the scheduler finds the fill due: the page shows it when they did.
    await page.waitForSelector('#moves:not([hidden]) button.move, #seats li[data-awaited="true"]');
    const game = page.url().split('/').pop()!;
    const summary = await ctx.service.reads.summary(game);
    t.ok(
      summary.seats.some((s) => s.player === ada.id) && summary.seats.some((s) => s.bot !== null),
      'matched to a table filled with bots',
    );
    await aa(t, page, 'the table');
  });

  t.test('the table plays from the keyboard: Tab to a highlighted card, Enter plays it', async (t) => {
    const { gameId } = await ctx.service.lobby.createGame({ module: 'dungeon', options: {}, seats: 2 });
    const seats = [
      (await ctx.service.lobby.claimSeat(gameId, { name: 'Kit' })).token,
      (await ctx.service.lobby.claimSeat(gameId, {})).token,
    ];
    const awaited = (await ctx.service.reads.summary(gameId)).awaiting[0]!;
    const table = await browser.open(`${base}/watch/${gameId}#token=${seats[awaited]}`);
    await table.waitForSelector('#moves:not([hidden]) button.move');
    t.notMatch(table.url(), /token/, 'the token left the address for the tab’s storage');
    const before = (await ctx.service.reads.summary(gameId)).revision;
    let focused = '';
    for (let i = 0; i < 80 && !focused.includes('playable'); i++) {
      await table.keyboard.press('Tab');
      focused = (await table.evaluate(`document.activeElement?.getAttribute('class') ?? ''`)) as string;
    }
    t.match(focused, 'playable', 'a card to play is reached with Tab');
    await table.keyboard.press('Enter');
    const offered = await table.$('button.move.offered');
    if (offered) {
      t.ok(await table.evaluate(`document.activeElement?.classList.contains('offered')`), 'its moves are offered, the first one focused');
      await table.keyboard.press('Enter');
    }
    await table.waitForFunction(`Number(document.body.dataset.head) > ${before}`);
    t.ok((await ctx.service.reads.summary(gameId)).revision > before, 'the move was played');
    await table.close();
  });

  t.test('the table follows on after its socket drops: it connects again and draws the move it missed', async (t) => {
    const { gameId } = await ctx.service.lobby.createGame({ module: 'dungeon', options: {}, seats: 2 });
    await ctx.service.lobby.claimSeat(gameId, { name: 'Kit' });
    await ctx.service.lobby.claimSeat(gameId, { name: 'Lou' });
    const table = await browser.context.newPage();
    table.setDefaultTimeout(20_000);
    // The page's sockets pass through the test, which can end one as a server restarting would.
    const routes: WebSocketRoute[] = [];
    await table.routeWebSocket(/\/graphql$/, (route) => {
      route.connectToServer();
      routes.push(route);
    });
    const subscribed = table.waitForEvent('websocket', (socket) =>
      socket.waitForEvent('framesent', (frame) => String(frame.payload).includes('"subscribe"')).then(() => true),
    );
    await table.goto(`${base}/watch/${gameId}`);
    await subscribed;
    const reopened = table.waitForEvent('websocket');
    await routes.at(-1)!.close({ code: 1012, reason: 'the server restarts' });
    // A move made while the page has no socket.
    const summary = await ctx.service.reads.summary(gameId);
    const seat = summary.awaiting[0]!;
    await ctx.service.commands.execute(gameId, (await ctx.service.reads.legalCommands(gameId, seat))[0]!, { seat });
    await reopened;
    await table.waitForFunction(`Number(document.body.dataset.head) > ${summary.revision}`);
    t.equal(routes.length, 2, 'the page opened a second socket after the first was closed');
    t.ok(Number(await table.evaluate('document.body.dataset.head')) > summary.revision, 'and drew the move made while it had none');
    await table.close();
  });

  t.test('a raid group: the campaign page, a sheet with its unlock spent with the player’s key, and the player page', async (t) => {
    const others = [];
    for (const [name, cls] of [
      ['Bo', 'pyromancer'],
      ['Cy', 'mender'],
    ]) {
      const player = (await request('POST', '/players', { name })).body;
      const character = (
        await request('POST', '/characters', { module: 'raid', name: `${name}'s raider`, options: { class: cls } }, player.key)
      ).body;
      others.push({ ...player, character: character.id });
    }
    const campaign = (await request('POST', '/campaigns', { name: 'The Lantern Company', module: 'raid', character: hilde }, ada.key)).body
      .id;
    for (const other of others) await request('POST', `/campaigns/${campaign}/members`, { character: other.character }, other.key);
    // Raids until Hilde reaches level 10 (a won first run is 10 XP or more).
    for (let raid = 0; raid < 5; raid++) {
      const scheduled = (
        await request('POST', `/campaigns/${campaign}/games`, { options: { dungeon: 'drowned-crypt', difficulty: 'novice' } }, ada.key)
      ).body;
      const tokens = [scheduled.token as string];
      for (const [i, other] of others.entries())
        tokens.push((await request('POST', `/games/${scheduled.gameId}/seats/${i + 1}/tokens`, undefined, other.key)).body.token);
      await playRaid(request, { id: scheduled.gameId, tokens }, `pages-${raid}`);
      await ctx.settle();
      if ((await request('GET', `/characters/${hilde}`)).body.sheet.unlocksToSpend.length > 0) break;
    }

    await page.goto(`${base}/campaigns/${campaign}`);
    await page.waitForSelector('main[data-loaded="campaigns"]');
    const text = await page.textContent('main');
    t.match(
      text,
      /The Lantern Company[\s\S]*Standing[\s\S]*Ada[\s\S]*Members[\s\S]*Bo[\s\S]*Adventures/,
      'standing, members and adventures',
    );
    const progress = (await request('GET', `/campaigns/${campaign}`)).body;
    t.equal(await page.locator('#s-adventures ~ table tr').count(), progress.games.length + 1, 'one row per adventure');
    await aa(t, page, 'the campaign page');
    await browser.shot(page, SHOTS, 'campaign');

    await page.locator('li', { hasText: 'Ada' }).getByRole('link', { name: 'character sheet' }).click();
    await page.waitForSelector('main[data-loaded="characters"] form[data-unlock="10"]');
    await page.selectOption('form[data-unlock="10"] select[name="card"]', 'quick-jab');
    await page.selectOption('form[data-unlock="10"] select[name="replaces"]', 'shield-slam');
    await aa(t, page, 'the sheet');
    await browser.shot(page, SHOTS, 'sheet-unlock');
    await page.getByRole('button', { name: 'Spend the level 10 unlock' }).click();
    await page.waitForSelector('form[data-unlock="10"]', { state: 'detached' });
    const sheet: Json = (await request('GET', `/characters/${hilde}`)).body.sheet;
    t.same(sheet.unlocksSpent, [10], 'the unlock is spent');
    t.match(sheet.upgrades, [{ level: 10, card: 'quick-jab', replaced: 'shield-slam' }], 'with the card chosen on the page');
    t.match(await page.textContent('main'), /Quick Jab[\s\S]*unlock 10/, 'the deck on the page shows it');

    await page.getByRole('link', { name: 'its player' }).click();
    await page.waitForSelector('main[data-loaded="players"]');
    t.match(await page.textContent('main'), /Ada[\s\S]*Characters[\s\S]*Hilde[\s\S]*Past games/, 'the player page: characters and games');
    await aa(t, page, 'the player page');
    await browser.shot(page, SHOTS, 'player');
    t.same(browser.outside, [], 'nothing left the server');
    t.same(browser.pageErrors, [], 'no script failed');
  });
}
