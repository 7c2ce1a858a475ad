import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildActors } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';

/**
 * The environment's services as the screen shows them. The configured addresses carry passwords on purpose: no
 * answer may show them. Redis is "tested" against a local TCP server that answers PING as Redis does (RESP), and
 * SMTP against one that refuses the greeting, so both checks are real connections and nothing reaches the internet.
 */
let t: Awaited<ReturnType<typeof getTestApp>>;
let admin: BuiltUser;
let freelancer: BuiltUser;
let redis: Server;
let smtp: Server;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  // Enough of RESP for node-redis: HELLO is refused (so it falls back), everything else is answered as PING.
  redis = createServer((socket) => {
    socket.on('data', (chunk) => {
      const text = chunk.toString();
      const commands = text.split('*').filter(Boolean);
      for (const command of commands) {
        socket.write(/PING/i.test(command) ? '+PONG\r\n' : /QUIT/i.test(command) ? '+OK\r\n' : '+OK\r\n');
      }
    });
  });
  smtp = createServer((socket) => socket.end('554 5.3.2 not accepting mail\r\n'));
  const redisPort = await listen(redis);
  const smtpPort = await listen(smtp);
  t = await getTestApp({
    env: {
      REDIS_URL: `redis://:redis-password-1@127.0.0.1:${redisPort}`,
      SMTP_URL: `smtp://mailer:smtp-password-2@127.0.0.1:${smtpPort}`,
      S3_BUCKET: 'agency-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'key-id-3',
      S3_SECRET_ACCESS_KEY: 's3-secret-4',
    },
  });
  ({ admin, freelancer } = await buildActors(t.db));
});

afterAll(async () => {
  await t.close();
  redis.close();
  smtp.close();
});

const call = (method: 'GET' | 'POST', url: string, who: BuiltUser) =>
  t.app.inject({ method, url, headers: bearer(who.token) });

describe('integrations configured by the environment', () => {
  it('lists each service as configured or not with a host, never a password or key', async () => {
    const res = await call('GET', '/api/integrations', admin);
    expect(res.statusCode).toBe(200);
    const byKind = Object.fromEntries(
      (res.json().data as { kind: string; configured: boolean; detail: string | null; testable: boolean }[]).map(
        (row) => [row.kind, row],
      ),
    ) as Record<string, { configured: boolean; detail: string | null; testable: boolean }>;
    expect(byKind.smtp).toMatchObject({ configured: true, testable: true });
    expect(byKind.smtp?.detail).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(byKind.s3).toMatchObject({ configured: true, detail: 'agency-files at 127.0.0.1:9', testable: true });
    expect(byKind.sms).toMatchObject({ configured: false, detail: null, testable: false });
    expect(byKind.ai).toMatchObject({ configured: false, testable: false });
    for (const secret of ['redis-password-1', 'smtp-password-2', 'key-id-3', 's3-secret-4', 'mailer']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('is refused to a freelancer', async () => {
    expect((await call('GET', '/api/integrations', freelancer)).statusCode).toBe(403);
  });

  it('tests Redis with a real PING', async () => {
    const res = await call('POST', '/api/integrations/redis/test', admin);
    expect(res.json().data).toEqual({ ok: true, message: 'Redis answered PING.' });
  });

  it('reports a refused SMTP connection as a failure, without the address', async () => {
    const res = await call('POST', '/api/integrations/smtp/test', admin);
    const data = res.json().data as { ok: boolean; message: string };
    expect(data.ok).toBe(false);
    expect(data.message).toMatch(/^Check failed: /);
    expect(res.body).not.toContain('smtp-password-2');
  });

  it('reports an unreachable S3 endpoint as a failure', async () => {
    const res = await call('POST', '/api/integrations/s3/test', admin);
    expect(res.json().data.ok).toBe(false);
    expect(res.body).not.toContain('s3-secret-4');
  });

  it('has no test for a service without a real check', async () => {
    expect((await call('POST', '/api/integrations/sms/test', admin)).statusCode).toBe(422);
  });
});
