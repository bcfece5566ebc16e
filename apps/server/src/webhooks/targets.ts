// Where a webhook may point (SSRF): https to a public address only, checked on the URL at registration and again on
// every address its host resolves to at delivery, since a name can point anywhere by then. WEBHOOKS_ALLOW_PRIVATE lifts
// both for tests and local development.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { ValidationError } from '@delve/kernel';

/** Addresses no webhook may reach: private, loopback, link-local, shared, multicast, reserved and unspecified ranges. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook may not reach (IPv4-mapped IPv6 addresses are judged as the IPv4 they carry). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList judges an IPv4-mapped IPv6 address (::ffff:7f00:1) by the IPv4 rules.
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const refuse = (code: string, message: string): never => {
  throw new ValidationError(code, message, [{ path: '/url', message }]);
};

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Names that mean this machine or its network whatever DNS says. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * Check a webhook URL at registration: https (http only when private targets are allowed), no credentials, no
 * fragment, and no literal private address or local name. Returns the URL as it will be called.
 */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('webhook/bad-url', 'url must be an absolute https URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return refuse('webhook/not-https', allowPrivate ? 'url must be an http or https URL' : 'url must be https');
  }
  if (url.username !== '' || url.password !== '') refuse('webhook/credentials-in-url', 'url must not carry a user name or password');
  if (url.hash !== '') refuse('webhook/bad-url', 'url must not have a fragment');
  if (!allowPrivate) {
    const host = hostOf(url);
    if (isIP(host) !== 0 ? isPrivateAddress(host) : LOCAL_NAME.test(host) || !host.includes('.')) {
      refuse('webhook/private-target', `url must point to a public address, not ${host}`);
    }
  }
  return url.toString();
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** A resolver shaped like dns.lookup, with `all` (tests give their own). */
export type Resolver = (host: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemResolver: Resolver = (host, callback) => dnsLookup(host, { all: true }, callback);

/** The refusal of a target at delivery, as its attempt records it. */
export class PrivateTargetError extends Error {
  override readonly name = 'PrivateTargetError';
}

/**
 * A `lookup` for http.request that resolves with `resolve` and refuses the connection when any address the name
 * resolves to is private, so the socket connects only to an address that was checked (no DNS rebinding in between).
 */
export function guardedLookup(resolve: Resolver, allowPrivate: boolean) {
  return (host: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    resolve(host, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = addresses.filter((a) => !options.family || options.family === a.family || options.family === `IPv${a.family}`);
      const blocked = usable.find((a) => isPrivateAddress(a.address));
      if (!allowPrivate && blocked) {
        return callback(new PrivateTargetError(`${host} resolves to a private address (${blocked.address}): refused`), []);
      }
      if (usable.length === 0) return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), []);
      if (options.all) return callback(null, usable);
      const [first] = usable as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}
