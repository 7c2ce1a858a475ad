import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { AI_OUTBOUND } from './chat-provider';

/**
 * The writing assistant's provider calls go through the guarded outbound client: AI_BASE_URL's host (here a local
 * server on 127.0.0.1, as a local model server would be) is admitted by configuration, but a redirect from it to
 * another private address or the metadata address is refused, and an endless answer is cut off at the cap.
 */
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let handler: Handler = (_req, res) => res.end();
let provider: Server;
let inner: Server;
let innerHits = 0;
let innerPort = 0;
let t: TestApp;
let close: () => Promise<void>;
let token = '';

const listen = async (server: Server, host: string) => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  provider = createServer((req, res) => handler(req, res));
  inner = createServer((_req, res) => {
    innerHits += 1;
    res.end('{}');
  });
  const port = await listen(provider, '127.0.0.1');
  innerPort = await listen(inner, '127.0.0.2');
  let db: Awaited<ReturnType<typeof getTestApp>>['db'];
  ({
    app: t,
    db,
    close,
  } = await getTestApp({
    env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: 'fake-model', AI_REQUESTS_PER_HOUR: '50' },
  }));
  token = (await buildUser(db)).token;
});

afterAll(async () => {
  await close();
  for (const server of [provider, inner]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const enhance = () =>
  t.inject({
    method: 'POST',
    url: '/api/ai/enhance',
    headers: bearer(token),
    payload: { action: 'improve', text: 'Hello there' },
  });

describe('AI provider calls through the guarded client', () => {
  it('refuses a redirect from the configured AI host to 127.0.0.2 or 169.254.169.254', async () => {
    for (const target of [
      `http://127.0.0.2:${innerPort}/v1/chat/completions`,
      'http://169.254.169.254/latest/meta-data/iam/',
    ]) {
      handler = (_req, res) => res.writeHead(307, { location: target }).end();
      const res = await enhance();
      expect(res.statusCode, target).toBe(502);
      expect(res.json()).toMatchObject({ code: 'ai_provider_error' });
      expect(res.json().message).toContain('could not be reached');
    }
    expect(innerHits).toBe(0);
  });

  it('ends the answer with an error event once the provider sends more than the cap', async () => {
    let sent = 0;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const piece = `data: ${JSON.stringify({
        id: 'x',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'fake-model',
        choices: [{ index: 0, delta: { content: 'a'.repeat(4000) }, finish_reason: null }],
      })}\n\n`;
      const write = () => {
        while (sent < AI_OUTBOUND.maxResponseBytes * 4) {
          sent += piece.length;
          if (!res.write(piece)) {
            res.once('drain', write);
            return;
          }
        }
        res.end('data: [DONE]\n\n');
      };
      write();
    };
    const res = await enhance();
    expect(res.statusCode).toBe(200);
    const blocks = res.body.split('\n\n').filter(Boolean);
    expect(blocks.at(-1)).toMatch(/^event: error/);
    expect(blocks.at(-1)).toContain('The AI provider');
    // Not the whole answer: the cap stopped the read.
    expect(res.body.length).toBeLessThan(AI_OUTBOUND.maxResponseBytes * 2);
  });
});
