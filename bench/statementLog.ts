// What a server asks of PostgreSQL, from PostgreSQL's own statement log: an embedded PostgreSQL whose databases log
// every statement (log_statement = all), counted by statement between count() and counted(). Used by bench:idle and
// bench:statements.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { migrate, startEmbeddedPostgres } from '@delve/store-postgres';

/** Statements seen, in all and by statement (parameters as `$`, a checkpoint read prefixed by whose it is). */
export interface Counted {
  readonly total: number;
  readonly by: ReadonlyMap<string, number>;
}

export async function statementLog() {
  // PostgreSQL's log lines while counting, a statement's continuation lines and its parameters joined to it.
  const lines: string[] = [];
  let counting = false;
  const pg = await startEmbeddedPostgres({
    onLog: (line) => {
      if (!counting) return;
      if ((/^\s/.test(line) || / DETAIL: /.test(line)) && lines.length > 0) lines[lines.length - 1] += ` ${line.trim()}`;
      else lines.push(line);
    },
  });
  const admin = postgres(pg.url, { max: 1, onnotice: () => undefined });
  return {
    /** A migrated database of its own that logs every statement; drop() removes it. */
    async database(): Promise<{ url: string; drop(): Promise<void> }> {
      const name = `logged_${randomUUID().replaceAll('-', '')}`;
      await admin.unsafe(`create database ${name}`);
      const url = new URL(pg.url);
      url.pathname = `/${name}`;
      const sql = postgres(url.toString(), { max: 1, onnotice: () => undefined });
      await migrate(sql);
      await sql.end();
      await admin.unsafe(`alter database ${name} set log_statement = 'all'`);
      return { url: url.toString(), drop: async () => void (await admin.unsafe(`drop database ${name} with (force)`)) };
    },
    /** Count from now on (what was counted before is forgotten). */
    count(): void {
      lines.length = 0;
      counting = true;
    },
    /** Stop counting: what was logged since count(). */
    counted(): Counted {
      counting = false;
      const by = new Map<string, number>();
      let total = 0;
      for (const line of lines) {
        const m = /(?:statement|execute [^:]*): (.*)$/.exec(line);
        if (!m) continue;
        total++;
        const text = (m[1] as string).replace(/ \d{4}-\d\d-\d\d .*DETAIL:.*$/, '');
        // A checkpoint read is told apart by whose it is.
        const whose = /from checkpoints/.test(text) ? `[${/\$1 = '([^']*)'/.exec(m[1] as string)?.[1] ?? ''}] ` : '';
        const key =
          whose +
          text
            .replace(/\s+/g, ' ')
            .replace(/\$\d+/g, '$')
            .trim()
            .slice(0, Number(process.env.BENCH_STATEMENT_WIDTH ?? 120));
        by.set(key, (by.get(key) ?? 0) + 1);
      }
      return { total, by };
    },
    async stop(): Promise<void> {
      await admin.end();
      await pg.stop();
    },
  };
}

/** The statements of `counted`, most frequent first, each as its count divided by `per` (`top` of them at most). */
export function byFrequency(
  counted: Counted,
  per: number,
  { digits, width, unit = '', top = Infinity }: { digits: number; width: number; unit?: string; top?: number },
): string[] {
  return [...counted.by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, n]) => `${(n / per).toFixed(digits).padStart(width)}${unit}  ${key}`);
}
