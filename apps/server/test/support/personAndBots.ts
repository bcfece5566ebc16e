// A table of one person and server bots over HTTP (issue 28): the test claims one seat, fills the others with the
// module's bots, plays its own seat from the legal commands until the game ends, and reads the audit.
import type { Test } from 'tap';
import { call } from './http';
import type { TestApp } from './app';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface PersonAndBots {
  readonly module: string;
  readonly seats: number;
  readonly options?: unknown;
  /** The person's pick among its legal commands, seeing its own view (the step counts its commands). */
  readonly choose: (view: Json, legal: readonly Json[], step: number) => Json;
  /** Give up after this long (ms): a game that stalls fails instead of hanging the suite. */
  readonly patienceMs?: number;
}

export interface Played {
  readonly id: string;
  readonly summary: Json;
  readonly audit: Json;
  /** Commands the person sent and the server accepted. */
  readonly sent: number;
}

/**
 * Create the game, claim seat 0 as a person, `POST /games/{id}/bots` for the rest, then play: whenever the summary
 * awaits the person, read its view and legal commands and send its choice; otherwise poll the summary until the
 * bots (played by the scheduler) have moved. A choice the bots made moot (a window closed meanwhile) is refused with
 * a rule violation and simply chosen again.
 */
export async function playWithBots(t: Test, ctx: TestApp, table: PersonAndBots): Promise<Played> {
  const { app } = ctx;
  const created = await call(t, app, 'POST', '/games', {
    payload: { module: table.module, seats: table.seats, ...(table.options !== undefined && { options: table.options }) },
  });
  t.equal(created.status, 201, `${table.module}: the game is created`);
  const id = created.body.id as string;
  const claimed = await call(t, app, 'POST', `/games/${id}/seats`, { payload: { name: 'person', seat: 0 } });
  const token = claimed.body.token as string;
  const filled = await call(t, app, 'POST', `/games/${id}/bots`, { token, payload: {} });
  t.equal(filled.status, 200, `${table.module}: the person fills the table with bots`);
  t.same(
    filled.body.seats.map((s: Json) => s.bot),
    [null, ...Array.from({ length: table.seats - 1 }, () => filled.body.seats[1].bot)],
    `${table.module}: every other seat holds a bot (${filled.body.seats[1].bot})`,
  );
  let sent = 0;
  let summary: Json = filled.body;
  const giveUp = Date.now() + (table.patienceMs ?? 240_000);
  while (summary.status === 'active' && Date.now() < giveUp) {
    if (!summary.awaiting.includes(0)) {
      // The bots' turn: wait on the game's state, polling the summary.
      const seen = summary.revision;
      for (; summary.status === 'active' && summary.revision === seen && Date.now() < giveUp;) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        summary = (await call(t, app, 'GET', `/games/${id}`)).body;
      }
      continue;
    }
    const view = (await call(t, app, 'GET', `/games/${id}/view`, { token })).body.view;
    const legal = (await call(t, app, 'GET', `/games/${id}/legal-commands`, { token })).body.commands as Json[];
    if (legal.length > 0) {
      const command = table.choose(view, legal, sent);
      if (!legal.some((c) => JSON.stringify(c) === JSON.stringify(command))) t.fail(`not a legal command: ${JSON.stringify(command)}`);
      const reply = await call(t, app, 'POST', `/games/${id}/commands`, { token, payload: command });
      if (reply.status === 200) sent++;
      else if (reply.status !== 422) t.fail(`${JSON.stringify(command)} answered ${reply.status}`, reply.body);
    }
    summary = (await call(t, app, 'GET', `/games/${id}`)).body;
  }
  t.equal(summary.status, 'finished', `${table.module}: the game ends (the person sent ${sent} commands, revision ${summary.revision})`);
  const audit = (await call(t, app, 'GET', `/games/${id}/audit`)).body;
  t.equal(audit.verdict, 'verified', `${table.module}: the audit re-runs the game to the same events`);
  const bots = (audit.commands as Json[]).filter((c) => c.input?.kind === 'play' && c.input.bot !== undefined);
  t.ok(bots.length > 0, `${table.module}: the log says which ${bots.length} commands the bots made`);
  t.ok(
    bots.every((c) => c.input.seat !== 0),
    `${table.module}: none of them for the person’s seat`,
  );
  return { id, summary, audit, sent };
}
