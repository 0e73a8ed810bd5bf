import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Decides whether this server may POST push notifications to a webhook URL:
 * asked when a caller registers the URL and again before every delivery.
 */
export type WebhookUrlPolicy = (url: URL) => boolean | Promise<boolean>;

// Addresses a caller-chosen webhook must never reach: this host, private and
// shared networks, link-local (cloud metadata lives at 169.254.169.254),
// documentation, benchmarking, multicast and reserved ranges, and the IPv6
// forms that embed an IPv4 address (NAT64, 6to4, Teredo). IPv4-mapped IPv6
// addresses (::ffff:a.b.c.d) are checked against the IPv4 ranges by BlockList.
const nonPublic = new BlockList();
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
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) is a public unicast address:
 * false for loopback, private (RFC 1918, unique-local), shared (CGNAT),
 * link-local, documentation, multicast, reserved and IPv4-embedding IPv6
 * addresses, and for anything that is not an IP address.
 */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return !nonPublic.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The default webhook policy: the URL is `https` and its host is a public
 * address, or a name whose every DNS address is public (a name that does
 * not resolve is refused). TLS then binds the connection to that name, so
 * re-pointing the name at an internal address after the check fails the
 * handshake instead of reaching the internal host.
 */
export async function isPublicHttpsUrl(url: URL): Promise<boolean> {
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isPublicAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address));
  } catch {
    return false;
  }
}
