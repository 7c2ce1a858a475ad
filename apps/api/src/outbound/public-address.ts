import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outgoing call may dial: public unicast only. The tables follow IANA's IPv4 and IPv6
 * Special-Purpose Address Registries (plus the ranges they point to elsewhere: private, multicast, site-local), so
 * a request we make on someone's behalf cannot reach our own host, our network, the cloud's metadata service or a
 * translator in front of them.
 */

type Range = { cidr: string; name: string };

/** IPv4 ranges that are not public unicast. */
export const SPECIAL_IPV4: readonly Range[] = [
  { cidr: '0.0.0.0/8', name: '"this network" (unspecified)' },
  { cidr: '10.0.0.0/8', name: 'private' },
  { cidr: '100.64.0.0/10', name: 'shared address space (CGNAT)' },
  { cidr: '127.0.0.0/8', name: 'loopback' },
  { cidr: '169.254.0.0/16', name: 'link-local (cloud metadata)' },
  { cidr: '172.16.0.0/12', name: 'private' },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments (NAT64 discovery, DS-Lite)' },
  { cidr: '192.0.2.0/24', name: 'documentation (TEST-NET-1)' },
  { cidr: '192.31.196.0/24', name: 'AS112' },
  { cidr: '192.52.193.0/24', name: 'AMT' },
  { cidr: '192.88.99.0/24', name: '6to4 relay anycast' },
  { cidr: '192.168.0.0/16', name: 'private' },
  { cidr: '192.175.48.0/24', name: 'AS112 direct delegation' },
  { cidr: '198.18.0.0/15', name: 'benchmarking' },
  { cidr: '198.51.100.0/24', name: 'documentation (TEST-NET-2)' },
  { cidr: '203.0.113.0/24', name: 'documentation (TEST-NET-3)' },
  { cidr: '224.0.0.0/4', name: 'multicast' },
  { cidr: '240.0.0.0/4', name: 'reserved, and the limited broadcast address' },
];

/**
 * IPv6 ranges that are not public unicast. Anything outside 2000::/3 (global unicast) is refused anyway; the
 * ranges outside it are listed so the table says why.
 */
export const SPECIAL_IPV6: readonly Range[] = [
  { cidr: '::/128', name: 'unspecified' },
  { cidr: '::1/128', name: 'loopback' },
  { cidr: '::/96', name: 'IPv4-compatible (deprecated)' },
  { cidr: '::ffff:0:0:0/96', name: 'IPv4-translated (SIIT)' },
  { cidr: '64:ff9b:1::/48', name: 'local-use IPv4/IPv6 translation' },
  { cidr: '100::/64', name: 'discard-only' },
  { cidr: '2001::/23', name: 'IETF protocol assignments (Teredo, benchmarking, ORCHID …)' },
  { cidr: '2001:db8::/32', name: 'documentation' },
  { cidr: '2620:4f:8000::/48', name: 'AS112 direct delegation' },
  { cidr: '3fff::/20', name: 'documentation' },
  { cidr: '5f00::/16', name: 'segment routing (SRv6) SIDs' },
  { cidr: 'fc00::/7', name: 'unique local' },
  { cidr: 'fe80::/10', name: 'link-local' },
  { cidr: 'fec0::/10', name: 'site-local (deprecated)' },
  { cidr: 'ff00::/8', name: 'multicast' },
];

/**
 * IPv6 forms that carry an IPv4 address a packet ends up at (mapped, NAT64's well-known prefix, 6to4): public only
 * when the IPv4 address inside is. `at` is the byte offset of the IPv4 address.
 */
const EMBEDDING_IPV4: readonly (Range & { at: number })[] = [
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', at: 12 },
  { cidr: '64:ff9b::/96', name: 'NAT64 well-known prefix', at: 12 },
  { cidr: '2002::/16', name: '6to4', at: 2 },
];

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

const compile = <T extends Range>(ranges: readonly T[]) =>
  ranges.map((range) => ({ ...range, parsed: ipaddr.parseCIDR(range.cidr) }));
const V4 = compile(SPECIAL_IPV4);
const V6 = compile(SPECIAL_IPV6);
const EMBEDDING = compile(EMBEDDING_IPV4);

/** Whether an address literal (IPv4 dotted or IPv6, as a resolver or a URL gives it) is public unicast. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) {
    return isPublicV4(ipaddr.IPv4.parse(address));
  }
  if (family !== 6 || address.includes('%')) {
    // Not an address, or one scoped to an interface (only link-local addresses have zones).
    return false;
  }
  // ipaddr.js reads `::a.b.c.d` as IPv4-mapped (it is IPv4-compatible); the WHATWG URL parser writes any IPv6
  // literal in its one canonical hexadecimal form, which ipaddr.js reads right.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  return isPublicV6(ipaddr.IPv6.parse(canonical));
}

function isPublicV4(address: ipaddr.IPv4): boolean {
  return !V4.some((range) => address.match(range.parsed as [ipaddr.IPv4, number]));
}

function isPublicV6(address: ipaddr.IPv6): boolean {
  const bytes = address.toByteArray();
  for (const range of EMBEDDING) {
    if (address.match(range.parsed as [ipaddr.IPv6, number])) {
      return isPublicV4(ipaddr.fromByteArray(bytes.slice(range.at, range.at + 4)) as ipaddr.IPv4);
    }
  }
  return address.match(GLOBAL_UNICAST) && !V6.some((range) => address.match(range.parsed as [ipaddr.IPv6, number]));
}
