// Debian's chromium through playwright-core for the browser tests: a fresh headless profile, every request that leaves
// the servers under test refused and remembered (the pages must work offline), script errors collected, screenshots.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/** Why a browser test is skipped on this machine, or null when chromium is there. */
export const noChromium = existsSync(CHROMIUM)
  ? null
  : `needs Debian's chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run installs it)`;

export interface Browser {
  readonly context: BrowserContext;
  /** Requests that tried to leave the servers under test. */
  readonly outside: string[];
  /** Script errors of every page opened. */
  readonly pageErrors: string[];
  open(url: string): Promise<Page>;
  /** A full-page screenshot `<name>.png` in `dir` (nothing when dir is undefined). */
  shot(page: Page, dir: string | undefined, name: string): Promise<void>;
  close(): Promise<void>;
}

/** A headless chromium allowed to reach `origins` only. */
export async function launchChromium(origins: readonly string[]): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'delve-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const outside: string[] = [];
  const pageErrors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (origins.some((origin) => url.startsWith(origin)) || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return {
    context,
    outside,
    pageErrors,
    async open(url) {
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${url}: ${error.message}`));
      page.setDefaultTimeout(20_000);
      await page.goto(url);
      return page;
    },
    async shot(page, dir, name) {
      if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
