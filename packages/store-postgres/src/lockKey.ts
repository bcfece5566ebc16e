// Advisory-lock keys derived from names, so each projection has its own lock.
import { sha256 } from '@delve/kernel';

/** A signed 64-bit key (as text) from the first 8 bytes of the name's SHA-256. */
export function sha256Key(name: string): string {
  return sha256(name, 'buffer').readBigInt64BE(0).toString();
}

/**
 * The key of leader lock `name` in `database`. Advisory locks belong to the whole PostgreSQL server, not to a database:
 * the key names the database too, so deployments (or test runs) sharing a server each elect their own leader.
 */
export function leaderKey(database: string, name: string): string {
  return sha256Key(`${database}/${name}`);
}
