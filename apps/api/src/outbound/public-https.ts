import { lookup } from 'node:dns/promises';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address';

/**
 * The guard of every outgoing call to a URL someone gave us (push endpoints today; webhooks, calendar or payment
 * callbacks tomorrow): https on port 443, no credentials in the URL, and every address the host resolves to public
 * (public-address.ts). Check at intake (refuse with 422) and again before each call (DNS may have changed), and
 * dial through `publicOnlyAgent` so a name re-pointed inward in between (DNS rebinding) is still not reached.
 *
 * Operator-configured endpoints are trusted configuration and do not pass through here: AI_BASE_URL and
 * SMS_API_URL go through the guarded client with their host admitted (`forConfiguredHost`, http-client.ts); SMTP,
 * S3 and Redis use their own clients.
 */

/** Every address a hostname resolves to; injected so tests never touch the network. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** The host of an https URL on port 443 without credentials (IPv6 literals without brackets), or null. */
export function publicHttpsHost(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || (url.port !== '' && url.port !== '443')) {
    return null;
  }
  return url.hostname.replace(/^\[(.*)\]$/, '$1') || null;
}

/** Whether an outgoing call to this URL is allowed: https, port 443, and every resolved address public. */
export async function isPublicHttpsUrl(target: string, resolve: ResolveHost): Promise<boolean> {
  const host = publicHttpsHost(target);
  if (!host) {
    return false;
  }
  if (isIP(host)) {
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
 * An https agent whose DNS lookup fails unless every address is public: a name that passed the check and then
 * re-resolves to an internal address (DNS rebinding) is still not dialled. IP literals never reach a lookup, so
 * callers check the URL with `isPublicHttpsUrl` first.
 */
export function publicOnlyAgent(): https.Agent {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true })
      .then((entries) => {
        const allowed = entries.filter((entry) => isPublicAddress(entry.address));
        if (allowed.length === 0 || allowed.length !== entries.length) {
          throw Object.assign(new Error(`refusing to connect to ${hostname}: not a public address`), {
            code: 'EOUTBOUNDNOTPUBLIC',
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
