// Advisory-lock keys derived from names, so each projection has its own lock.
import { createHash } from 'node:crypto';

/** A signed 64-bit key (as text) from the first 8 bytes of the name's SHA-256. */
export function sha256Key(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}
