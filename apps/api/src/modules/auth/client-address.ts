import ipaddr from 'ipaddr.js';

/**
 * The part of a client address that per-address limits count by. One IPv6 subscriber usually holds a whole /64
 * (2^64 addresses), so counting each address apart would give one attacker endless fresh budgets: an IPv6 address
 * counts as its /64. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, a dual-stack socket's view of IPv4) counts as its
 * IPv4 address, so one client is one counter whichever way it arrived.
 */
export function addressBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) {
    return ip;
  }
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') {
    return parsed.toString();
  }
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) {
    return v6.toIPv4Address().toString();
  }
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/**
 * Marks a device (its address bucket) that signed in to an account: its sign-ins are not held to the account-wide
 * guess ceiling (login.ts), and one that signed in with an e-mailed link joins them (sign-in-link.ts).
 */
export function knownDeviceKey(email: string, ip: string): string {
  return `login:known:${email}:${addressBucket(ip)}`;
}
