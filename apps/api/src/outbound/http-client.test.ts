import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundClient, OutboundRefused } from './http-client';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP receiver on 127.0.0.1 whose answer each test chooses. */
let handler: Handler = (_req, res) => res.end('ok');
let hits = 0;
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
};

describe('guarded outbound client: SSRF refusals against a real local receiver', () => {
  // No allow-list: as in production, except that http is allowed so the refusal is about the address.
  const client = createOutboundClient({ allowHttp: true });
  afterAll(() => client.close());

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port}/`],
    ['[::1]', () => `http://[::1]:${port}/`],
    ['10.0.0.1', () => 'http://10.0.0.1/'],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['100.64.0.1 (CGNAT)', () => 'http://100.64.0.1/'],
    ['::ffff:127.0.0.1 (IPv4-mapped loopback)', () => `http://[::ffff:127.0.0.1]:${port}/`],
  ])('refuses %s without reaching it', async (_name, url) => {
    const before = hits;
    expect((await refusal(client.request(url()))).code).toBe('not_public');
    expect(hits).toBe(before);
  });

  it('refuses a DNS name that resolves to loopback (localhost) at connect time', async () => {
    const before = hits;
    expect((await refusal(client.request(`http://localhost:${port}/`))).code).toBe('not_public');
    expect(hits).toBe(before);
  });

  it('refuses http when http is not allowed (production) and credentials in any URL', async () => {
    const production = createOutboundClient();
    expect(production.checkUrl('http://example.com/')?.code).toBe('bad_url');
    expect(production.checkUrl('https://user:pw@example.com/')?.code).toBe('bad_url');
    expect(production.checkUrl('https://example.com/hook')).toBeNull();
    expect((await refusal(production.request('http://example.com/'))).code).toBe('bad_url');
    await production.close();
  });
});

describe('guarded outbound client: the allow-list, redirects, timeouts and the size cap', () => {
  const client = createOutboundClient({
    allowHosts: ['127.0.0.1'],
    // So a refused redirect is refused for its address, not for being http.
    allowHttp: true,
    totalTimeoutMs: 600,
    maxResponseBytes: 1024,
  });
  afterAll(() => client.close());

  it('reaches an allow-listed host and returns status, headers and body', async () => {
    handler = (req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => res.writeHead(201, { 'x-echo': req.headers['x-test'] ?? '' }).end(`got ${body}`));
    };
    const answer = await client.request(`http://127.0.0.1:${port}/in`, {
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: 'hello',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers['x-echo']).toBe('yes');
    expect(answer.body.toString()).toBe('got hello');
    expect(answer.truncated).toBe(false);
  });

  it('refuses a redirect from an allowed host to loopback by name, and never dials it', async () => {
    let redirected = 0;
    handler = (req, res) => {
      if (req.url === '/inner') {
        redirected += 1;
        res.end('internal');
        return;
      }
      res.writeHead(302, { location: `http://localhost:${port}/inner` }).end();
    };
    expect((await refusal(client.request(`http://127.0.0.1:${port}/start`))).code).toBe('not_public');
    expect(redirected).toBe(0);
  });

  it('refuses a redirect to a private address literal', async () => {
    handler = (_req, res) => res.writeHead(307, { location: 'http://10.1.2.3/' }).end();
    expect((await refusal(client.request(`http://127.0.0.1:${port}/`))).code).toBe('not_public');
  });

  it('follows a redirect that stays allowed, and stops after the redirect limit', async () => {
    handler = (req, res) => {
      if (req.url === '/final') {
        res.end('arrived');
        return;
      }
      res.writeHead(302, { location: req.url === '/loop' ? '/loop' : '/final' }).end();
    };
    const answer = await client.request(`http://127.0.0.1:${port}/first`);
    expect(answer.body.toString()).toBe('arrived');
    expect(answer.url).toBe(`http://127.0.0.1:${port}/final`);
    expect((await refusal(client.request(`http://127.0.0.1:${port}/loop`))).code).toBe('too_many_redirects');
  });

  it('gives up on a receiver that does not answer within the total timeout', async () => {
    handler = () => undefined; // never answers
    const started = Date.now();
    expect((await refusal(client.request(`http://127.0.0.1:${port}/slow`))).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a body that trickles past the total timeout', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write('a');
    };
    expect((await refusal(client.request(`http://127.0.0.1:${port}/trickle`))).code).toBe('timeout');
  });

  it('reads at most the size cap of a large answer', async () => {
    handler = (_req, res) => res.end('x'.repeat(1024 * 1024));
    const answer = await client.request(`http://127.0.0.1:${port}/big`);
    expect(answer.body.length).toBe(1024);
    expect(answer.truncated).toBe(true);
  });
});
