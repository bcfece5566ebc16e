// The running PostgreSQL of a data directory as the files beside it tell it: postmaster.pid (PostgreSQL's own lock
// file), and the owner file naming the Delve process that started it, so an orphan can be told from a live server's.
import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A postmaster that is running on a data directory. */
export interface LivePostmaster {
  readonly pid: number;
  readonly port: number;
}

/**
 * True while a process with this id runs (EPERM: it exists, it is just not ours to signal). A zombie does not count:
 * an orphan that has exited stays one until init reaps it, and a container's init may reap late or never.
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPERM') return false;
  }
  return !zombie(pid);
}

/**
 * A process's fields from /proc/<pid>/stat after its command name (which may hold spaces): the state first. Empty where
 * there is no /proc or no such process.
 */
function statFields(pid: number): string[] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** True when Linux says the process has exited and waits to be reaped (state Z); false elsewhere. */
const zombie = (pid: number): boolean => statFields(pid)[0] === 'Z';

/**
 * When a process started (Linux: clock ticks since boot; field 22 of the stat line, the 20th from the state), so a
 * recycled process id is not mistaken for it.
 */
const startTimeOf = (pid: number): string => statFields(pid)[19] ?? '';

/** True when `pid` runs a PostgreSQL binary (Linux checks /proc; elsewhere a live process is taken at its word). */
async function isPostgres(pid: number): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  return cmdline === null ? alive(pid) : /postgres/.test(cmdline);
}

/** The postmaster running on `cluster` (its pid file's first line is the pid, the fourth the port), or null. */
export async function livePostmaster(cluster: string): Promise<LivePostmaster | null> {
  const lines = await readFile(path.join(cluster, 'postmaster.pid'), 'utf8').then(
    (text) => text.split('\n'),
    () => null,
  );
  const pid = Number(lines?.[0]);
  const port = Number(lines?.[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  return alive(pid) && (await isPostgres(pid)) ? { pid, port } : null;
}

/** Record this process as the one whose PostgreSQL runs on the data directory. */
export async function claimOwnership(file: string): Promise<void> {
  await writeFile(file, `${process.pid} ${startTimeOf(process.pid)}\n`, { mode: 0o600 });
}

export async function releaseOwnership(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** The pid of the live process that started the data directory's PostgreSQL, or null when it is gone (an orphan). */
export async function liveOwner(file: string): Promise<number | null> {
  const [pidText, started] = (await readFile(file, 'utf8').catch(() => '')).trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  // Same pid, another process: the owner is gone and its id was handed out again.
  if (started && startTimeOf(pid) !== started) return null;
  return pid;
}

/** Wait until `pid` has exited, up to `ms`; true when it has. */
async function exited(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

/**
 * Stop a postmaster: fast shutdown (SIGINT: roll back, checkpoint, exit), then immediate shutdown (SIGQUIT) if that
 * takes too long, then SIGKILL. Resolves once the process is gone.
 */
export async function stopPostmaster(pid: number, graceMs = 30_000): Promise<void> {
  for (const [signal, ms] of [
    ['SIGINT', graceMs],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    if (await exited(pid, ms)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop, even on SIGKILL`);
}
