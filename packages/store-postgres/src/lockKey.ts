// Advisory-lock keys derived from names, so each projection has its own lock.
import { sha256 } from '@delve/kernel';

/** A signed 64-bit key (as text) from the first 8 bytes of the name's SHA-256. */
export function sha256Key(name: string): string {
  return sha256(name, 'buffer').readBigInt64BE(0).toString();
}
