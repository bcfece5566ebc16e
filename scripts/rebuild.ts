// `npm run rebuild -- <read model|all>`: drop and rebuild read models from the events, all named ones in one pass,
// with progress on the terminal (a bar with events done/total, rate and ETA; a plain line every few seconds when not
// on a TTY). Safe while the server runs: each model is built beside the live one and swapped in atomically. Uses
// DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (joining it when a server already runs it).
import type { EventStore } from '@delve/kernel';
import type { ReadModelName } from '@delve/projections';
import { loadConfig } from '../apps/server/src/config';
import { loadModules } from '../apps/server/src/modules';
import { progressLine, rebuildReadModels } from '../apps/server/src/rebuild';

const NAMES: readonly ReadModelName[] = ['games-list', 'character-sheets', 'player-profiles', 'campaign-progress', 'tickets'];
const wanted = process.argv[2];
if (wanted === undefined || (wanted !== 'all' && !NAMES.includes(wanted as ReadModelName))) {
  process.stderr.write(`usage: npm run rebuild -- <${[...NAMES, 'all'].join('|')}>\n`);
  process.exit(2);
}
const names = wanted === 'all' ? NAMES : [wanted as ReadModelName];
const config = loadConfig(process.env);
const { openDatabase, PostgresEventStore } = await import('@delve/store-postgres');
const db = await openDatabase({ url: config.databaseUrl ?? undefined, embedded: { dataDir: config.dataDir, joinRunning: true }, max: 4 });
const store: EventStore = config.eventStoreUrl
  ? await (await import('@delve/store-esdb')).openEsdbEventStore(config.eventStoreUrl)
  : new PostgresEventStore(db.sql);
// The total is known for the PostgreSQL store; EventStoreDB's $all count is not, so its progress shows no bar.
const total = config.eventStoreUrl ? null : Number((await db.sql<{ n: string }[]>`select count(*)::text as n from events`)[0]?.n ?? 0);
const modules = await loadModules(config.gamePackages ?? undefined);

const tty = process.stdout.isTTY === true;
const startedAt = performance.now();
let lastPlain = 0;
const show = (line: string, final: boolean) => {
  if (tty) process.stdout.write(`\r${line}\u001b[K${final ? '\n' : ''}`);
  else if (final || performance.now() - lastPlain >= 2000) {
    lastPlain = performance.now();
    process.stdout.write(`${line}\n`);
  }
};
try {
  // One pass over the log rebuilds them all: one progress line for the pass, then a line per read model.
  const label = names.join(', ');
  const reports = await rebuildReadModels(store, db.sql, modules, names, (_names, done) =>
    show(progressLine(label, done, total, (performance.now() - startedAt) / 1000), false),
  );
  const [first] = reports;
  if (first) show(progressLine(label, first.events, total, first.seconds), true);
  for (const { name, events, seconds } of reports) {
    process.stdout.write(`${name}: rebuilt from ${events.toLocaleString('en')} events in ${seconds.toFixed(2)} s\n`);
  }
} finally {
  if (config.eventStoreUrl) await store.close();
  await db.close();
}
