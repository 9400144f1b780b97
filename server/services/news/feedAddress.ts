import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard for NEWS_FEEDS in production (issue 16 point 8): a feed whose host is, or
 * resolves to, a loopback, private, link-local, shared (CGNAT), unspecified or multicast address is refused, so a
 * configured feed cannot make the server read its own network. Every address the name resolves to is checked.
 * (A name that resolves differently between this check and the fetch is not caught: this guards configuration
 * mistakes and hostile feed lists, not a hostile DNS server.)
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = family === 6 && /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Throws when `url`'s host is or resolves to a private address (see above). */
export async function assertPublicHost(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const inside = addresses.find(isPrivateAddress);
  if (inside !== undefined) throw new Error(`points at a private address (${inside})`);
}
