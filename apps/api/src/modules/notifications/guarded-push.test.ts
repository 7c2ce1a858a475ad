import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush, { WebPushError } from 'web-push';
import { createOutboundClient, OutboundRefused } from '../../outbound/http-client';
import { guardedPush } from './guarded-push';

/** A push service stand-in on 127.0.0.1 that answers what the test chooses. */
let status = 201;
const seen: { headers: Record<string, unknown>; bytes: number }[] = [];
let server: Server;
let endpoint = '';

const browserKeys = createECDH('prime256v1');
browserKeys.generateKeys();
const subscription = () => ({
  endpoint,
  keys: { p256dh: browserKeys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
});
const vapid = webPush.generateVAPIDKeys();
const options = { vapidDetails: { subject: 'mailto:ops@agency.test', ...vapid }, TTL: 60 };

beforeAll(async () => {
  server = createServer((req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, bytes });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/abc`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('Web Push through the guarded outbound client', () => {
  it('posts the encrypted payload with its VAPID headers, and answers a 410 as web-push does', async () => {
    const client = createOutboundClient({ allowHosts: ['127.0.0.1'] });
    const send = guardedPush(client);
    await send(subscription(), JSON.stringify({ title: 'Hello' }), options);
    expect(seen.at(-1)?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(seen.at(-1)?.headers.authorization)).toMatch(/^vapid t=/);
    expect(seen.at(-1)?.bytes).toBeGreaterThan(0);

    status = 410;
    const gone = await send(subscription(), 'x', options).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(WebPushError);
    expect((gone as WebPushError).statusCode).toBe(410);
    status = 201;
    await client.close();
  });

  it('never dials a push endpoint on a loopback address', async () => {
    const client = createOutboundClient({ allowHttp: true });
    const before = seen.length;
    const refused = await guardedPush(client)(subscription(), 'x', options).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect(seen).toHaveLength(before);
    await client.close();
  });
});
