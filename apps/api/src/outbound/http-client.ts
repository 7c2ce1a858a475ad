import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { Agent, buildConnector, request as undiciRequest } from 'undici';
import { guardedFetchOf } from './guarded-fetch';
import { type OpenedResponse, OutboundRefused, type OutboundRequest, unwrap } from './outbound-shared';
import { isPublicAddress } from './public-address';

export { type OpenedResponse, OutboundRefused, type OutboundRequest } from './outbound-shared';

/**
 * The one guarded HTTP client for calls out of the server (webhooks, push; AI and SMS through `forConfiguredHost`;
 * see ARCHITECTURE.md "Outbound HTTP" for the call sites). Every connection, the first and each redirect's, passes the same guard in the
 * connector, so the check is made on the address actually dialled (no DNS-rebinding gap between a check and the
 * connect):
 *
 * - an IP literal must be public before we connect; a name is resolved by our own lookup, which fails unless every
 *   address is public; after the connect the socket's peer address is checked once more;
 * - https only (unless `allowHttp`: development), no credentials in the URL;
 * - redirects are followed by hand (at most `maxRedirects`), each hop re-checked the same way;
 * - a connect timeout, one total timeout over every hop and the body, and at most `maxResponseBytes` read.
 *
 * `allowHosts` exempts exact host names from the address and scheme checks: it exists so tests can point at a
 * receiver on 127.0.0.1, and only the test configuration sets it (OUTBOUND_ALLOW_HOSTS).
 */
export type OutboundOptions = {
  allowHosts?: readonly string[];
  allowHttp?: boolean;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
};

export type OutboundResponse = {
  status: number;
  headers: Record<string, string>;
  /** At most `maxResponseBytes` of the body. */
  body: Buffer;
  /** The body was longer than the cap and was cut off (the rest was never read). */
  truncated: boolean;
  /** The URL that answered, after redirects. */
  url: string;
};

export type OutboundClient = {
  request(url: string, init?: OutboundRequest): Promise<OutboundResponse>;
  /** Whether a URL may be called at all (scheme, credentials, an IP literal's address): intake checks (422). */
  checkUrl(url: string): OutboundRefused | null;
  /** Whether a host is on the test-only allow-list (exempt from the address checks). */
  isAllowListed(hostname: string): boolean;
  /** The same request, its body left unread: redirects followed and checked; the caller reads within the signal. */
  open(url: string, init?: OutboundRequest): Promise<OpenedResponse>;
  /**
   * A fetch-compatible function over this client (for SDKs that take a custom fetch): every hop checked, the
   * timeouts, and a body longer than `maxResponseBytes` fails while it is read (`too_large`) instead of being cut.
   */
  fetch: typeof fetch;
  /**
   * A client for an operator-configured provider (AI_BASE_URL, SMS_API_URL): that URL's host is admitted as
   * configured (it may be a model server on 127.0.0.1, over http), every other host, a redirect's included, passes
   * the usual checks. `overrides` sets its own timeouts and cap (a streamed completion takes longer than a webhook).
   * Memoised per host and settings; closed with this client.
   */
  forConfiguredHost(url: string, overrides?: Omit<OutboundOptions, 'allowHosts'>): OutboundClient;
  close(): Promise<void>;
};

const DEFAULTS = { connectTimeoutMs: 5_000, totalTimeoutMs: 10_000, maxResponseBytes: 64 * 1024, maxRedirects: 3 };

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

const notPublic = (host: string) =>
  new OutboundRefused(`refusing to connect to ${host}: not a public address`, 'not_public');

/** Our DNS lookup for names: every address must be public, or the connect fails before a packet is sent. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (error, entries) => {
    if (error) {
      callback(error, '', 4);
      return;
    }
    if (entries.length === 0 || !entries.every((entry) => isPublicAddress(entry.address))) {
      callback(notPublic(hostname) as NodeJS.ErrnoException, '', 4);
      return;
    }
    if (options.all) {
      callback(null, entries);
    } else {
      const [first] = entries;
      callback(null, first?.address ?? '', first?.family ?? 4);
    }
  });
};

export function createOutboundClient(options: OutboundOptions = {}): OutboundClient {
  const settings = { ...DEFAULTS, ...options };
  const allowed = new Set((options.allowHosts ?? []).map(bare));
  const isAllowed = (hostname: string) => allowed.has(bare(hostname));

  const plainConnect = buildConnector({ timeout: settings.connectTimeoutMs });
  const guardedConnect = buildConnector({ timeout: settings.connectTimeoutMs, lookup: publicLookup });
  const connect: buildConnector.connector = (target, callback) => {
    if (isAllowed(target.hostname)) {
      plainConnect(target, callback);
      return;
    }
    const host = bare(target.hostname);
    if (isIP(host) && !isPublicAddress(host)) {
      callback(notPublic(host), null);
      return;
    }
    guardedConnect(target, (error, socket) => {
      if (error || !socket) {
        callback(error ?? notPublic(host), null);
        return;
      }
      // Belt and braces: the address we are actually connected to.
      const peer = (socket as Socket).remoteAddress;
      if (!peer || !isPublicAddress(peer)) {
        socket.destroy();
        callback(notPublic(host), null);
        return;
      }
      callback(null, socket);
    });
  };
  const dispatcher = new Agent({ connect, keepAliveTimeout: 1_000 });

  const checkUrl = (target: string): OutboundRefused | null => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return new OutboundRefused('not a URL', 'bad_url');
    }
    if (url.username || url.password) {
      return new OutboundRefused('credentials in the URL are not allowed', 'bad_url');
    }
    if (isAllowed(url.hostname)) {
      return url.protocol === 'https:' || url.protocol === 'http:'
        ? null
        : new OutboundRefused('only http and https', 'bad_url');
    }
    if (url.protocol !== 'https:' && !(settings.allowHttp && url.protocol === 'http:')) {
      return new OutboundRefused('only https URLs may be called', 'bad_url');
    }
    const host = bare(url.hostname);
    if (isIP(host) && !isPublicAddress(host)) {
      return notPublic(host);
    }
    return null;
  };

  async function open(target: string, init: OutboundRequest = {}): Promise<OpenedResponse> {
    const timeout = AbortSignal.timeout(settings.totalTimeoutMs);
    const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
    let url = target;
    let method = init.method ?? 'GET';
    let body = init.body;
    try {
      for (let hop = 0; ; hop += 1) {
        const refused = checkUrl(url);
        if (refused) {
          throw refused;
        }
        const answer = await undiciRequest(url, {
          method,
          headers: init.headers,
          body,
          dispatcher,
          signal,
          headersTimeout: settings.totalTimeoutMs,
          bodyTimeout: settings.totalTimeoutMs,
        });
        // Stopping a body early (a redirect, the size cap) makes it emit an abort error nobody else listens for.
        answer.body.on('error', () => undefined);
        const location = answer.headers.location;
        if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof location === 'string') {
          // A redirect's body is never read; the next hop passes the same checks as the first.
          answer.body.destroy();
          if (hop >= settings.maxRedirects) {
            throw new OutboundRefused('too many redirects', 'too_many_redirects');
          }
          url = new URL(location, url).toString();
          if (
            answer.statusCode === 303 ||
            ((answer.statusCode === 301 || answer.statusCode === 302) && method !== 'GET')
          ) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined) {
            headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
        }
        return { status: answer.statusCode, headers, body: answer.body, url, signal };
      }
    } catch (error) {
      throw unwrap(error, timeout);
    }
  }

  async function request(target: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const opened = await open(target, init);
    try {
      const { bytes, truncated } = await readCapped(opened.body, settings.maxResponseBytes);
      return { status: opened.status, headers: opened.headers, body: bytes, truncated, url: opened.url };
    } catch (error) {
      throw unwrap(error, opened.signal);
    }
  }

  const children = new Map<string, OutboundClient>();
  const forConfiguredHost = (target: string, overrides: Omit<OutboundOptions, 'allowHosts'> = {}) => {
    const host = bare(new URL(target).hostname);
    const key = JSON.stringify([host, overrides]);
    let child = children.get(key);
    if (!child) {
      child = createOutboundClient({ ...options, ...overrides, allowHosts: [...allowed, host] });
      children.set(key, child);
    }
    return child;
  };

  const client: OutboundClient = {
    request,
    open,
    checkUrl,
    isAllowListed: isAllowed,
    fetch: guardedFetchOf(open, settings.maxResponseBytes),
    forConfiguredHost,
    close: async () => {
      await Promise.all([...children.values()].map((child) => child.close()));
      await dispatcher.close();
    },
  };
  return client;
}

/** Reads at most `max` bytes, then stops the stream (the sender's remaining bytes are never read). */
async function readCapped(stream: AsyncIterable<Buffer> & { destroy(): void }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const room = max - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      stream.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}
