import { lookup } from 'node:dns/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A push token names a URL the server will connect to, so it could make the server call into its own network
 * (blind SSRF). Only https on port 443 of hosts whose every address is public unicast is accepted — at
 * registration and again at send (DNS may have changed), and the connection itself refuses to dial anything else.
 */

export const PUSH_ENDPOINT_MESSAGE =
  'Push notifications can only be sent to an https address of a public push service.';

/** Every address a hostname resolves to; injected so tests never touch the network. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Public unicast only: refuses loopback, private (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the
 * cloud metadata address, fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7, with fd00:ec2::254), unspecified,
 * multicast, broadcast, documentation/benchmark/reserved ranges and IPv6 forms that embed an IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) {
    return false;
  }
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

function endpointHost(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.port !== '' && url.port !== '443')) {
    return null;
  }
  // URL keeps IPv6 literals in brackets.
  return url.hostname.replace(/^\[(.*)\]$/, '$1') || null;
}

/** Whether a PushSubscription JSON may be dialled: https, port 443, and every resolved address public. */
export async function isAllowedPushToken(token: string, resolve: ResolveHost): Promise<boolean> {
  let endpoint: unknown;
  try {
    endpoint = (JSON.parse(token) as { endpoint?: unknown }).endpoint;
  } catch {
    return false;
  }
  const host = typeof endpoint === 'string' ? endpointHost(endpoint) : null;
  if (!host) {
    return false;
  }
  if (ipaddr.isValid(host)) {
    return isPublicAddress(host);
  }
  try {
    const addresses = await resolve(host);
    return addresses.length > 0 && addresses.every(isPublicAddress);
  } catch {
    return false;
  }
}

/**
 * An https agent whose DNS lookup fails for non-public addresses: a name that passed the check and then
 * re-resolves to an internal address (DNS rebinding) is still not dialled.
 */
export function publicOnlyAgent(): https.Agent {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((entries) => {
        const allowed = entries.filter((entry) => isPublicAddress(entry.address));
        if (allowed.length === 0 || allowed.length !== entries.length) {
          throw Object.assign(new Error(`refusing to connect to ${hostname}: not a public address`), {
            code: 'EPUSHNOTPUBLIC',
          });
        }
        if (options.all) {
          callback(null, allowed);
        } else {
          const [first] = allowed;
          callback(null, first?.address ?? '', first?.family ?? 4);
        }
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 4));
  };
  return new https.Agent({ lookup: guardedLookup, keepAlive: false });
}
