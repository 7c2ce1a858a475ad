import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, OutboundRefused } from './http-client';

/**
 * The fetch-compatible face of the guarded client, and `forConfiguredHost` (operator-configured providers: AI, SMS),
 * against real servers: a "provider" on 127.0.0.1 and an "inner" service on 127.0.0.2 that must never be reached.
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end('ok');
let provider: Server;
let inner: Server;
let innerHits = 0;
let base = '';
let innerPort = 0;

const listen = async (server: Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  provider = createServer((req, res) => handler(req, res));
  inner = createServer((_req, res) => {
    innerHits += 1;
    res.end('internal secrets');
  });
  base = `http://127.0.0.1:${await listen(provider, '127.0.0.1')}`;
  innerPort = await listen(inner, '127.0.0.2');
});

afterAll(async () => {
  for (const server of [provider, inner]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

// As in production: no test allow-list, https only; the configured host alone is admitted (over http, on loopback).
const outbound = createOutboundClient();
afterAll(() => outbound.close());

const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
};

describe('forConfiguredHost: the provider the operator configured', () => {
  it('reaches the configured host (loopback, http) with method, headers and body, and answers a real Response', async () => {
    handler = (req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body }));
      });
    };
    const guarded = outbound.forConfiguredHost(`${base}/v1`).fetch;
    const res = await guarded(`${base}/v1/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer k' },
      body: new URLSearchParams({ To: '+1555' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ method: 'POST', auth: 'Bearer k', body: 'To=%2B1555' });
  });

  it('admits only that host: the app-wide client still refuses it', async () => {
    expect((await refusalOf(outbound.fetch(`${base}/v1/echo`))).code).toBe('bad_url');
    expect((await refusalOf(outbound.request(`https://127.0.0.1:1/`))).code).toBe('not_public');
  });

  it('refuses a redirect from the configured host to another private address or the metadata address', async () => {
    const guarded = outbound.forConfiguredHost(base).fetch;
    for (const target of [
      `https://127.0.0.2:${innerPort}/`,
      `http://127.0.0.2:${innerPort}/`,
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/',
    ]) {
      handler = (_req, res) => res.writeHead(302, { location: target }).end();
      expect((await refusalOf(guarded(`${base}/v1/chat/completions`, { method: 'POST', body: '{}' }))).code).toMatch(
        /not_public|bad_url/,
      );
    }
    expect(innerHits).toBe(0);
  });

  it('refuses an answer longer than its cap while reading it, and never reads the rest', async () => {
    let written = 0;
    handler = (_req, res) => {
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const write = () => {
        while (written < 8 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', write);
            return;
          }
        }
        res.end();
      };
      write();
    };
    const guarded = outbound.forConfiguredHost(base, { maxResponseBytes: 64 * 1024 }).fetch;
    const res = await guarded(`${base}/big`);
    expect(res.status).toBe(200);
    expect((await refusalOf(res.text())).code).toBe('too_large');
    expect(written).toBeLessThan(8 * 1024 * 1024);
  });

  it('times out a provider that never answers', async () => {
    handler = () => undefined;
    const guarded = outbound.forConfiguredHost(base, { totalTimeoutMs: 300 }).fetch;
    expect((await refusalOf(guarded(`${base}/silent`))).code).toBe('timeout');
  });

  it("keeps the caller's abort an abort", async () => {
    handler = () => undefined;
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 50);
    const error = await outbound
      .forConfiguredHost(base)
      .fetch(`${base}/slow`, { signal: abort.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });
});
