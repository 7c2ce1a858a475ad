import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscription } from 'web-push';
import { pushTokens, settings } from '../../src/db/schema';
import { notificationDelivery } from '../../src/modules/notifications/deliver';
import { notifyUsers } from '../../src/modules/notifications/notify';
import {
  isAllowedPushToken,
  isPublicAddress,
  PUSH_ENDPOINT_MESSAGE,
} from '../../src/modules/notifications/push-endpoint';
import { MAX_PUSH_TOKENS_PER_USER } from '../../src/modules/notifications/push-tokens';
import { notificationData } from '../../src/modules/notifications/test-helpers';
import { bearer, buildActors, buildUser } from '../factories';
import { getTestApp } from '../test-app';

/** A fake DNS: names map to what a test says; nothing reaches the network. */
const dns = new Map<string, string[]>([
  ['push.example.test', ['142.250.74.10']],
  ['updates.push.services.mozilla.com', ['34.117.59.81', '2600:1901:0:92a9::']],
  ['internal.example.test', ['10.0.0.5']],
  ['metadata.example.test', ['169.254.169.254']],
  ['mixed.example.test', ['142.250.74.10', '127.0.0.1']],
  ['v6-metadata.example.test', ['fd00:ec2::254']],
]);
const resolveHost = async (host: string) => {
  const found = dns.get(host);
  if (!found) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  }
  return found;
};

const subscription = (endpoint: string) =>
  JSON.stringify({
    endpoint,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  });

let t: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
beforeAll(async () => {
  t = await getTestApp({ resolveHost });
  actors = await buildActors(t.db);
});
afterAll(() => t.close());

const register = (token: string, as = actors.manager.token) =>
  t.app.inject({ method: 'POST', url: '/api/push-token', headers: bearer(as), payload: { token } });

describe('push endpoints cannot reach the server’s own network (SSRF)', () => {
  it('classifies addresses: public unicast only', () => {
    for (const ok of ['142.250.74.10', '2600:1901:0:92a9::', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(ok), ok).toBe(true);
    }
    for (const bad of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      '100.64.0.1',
      'fd00:ec2::254',
      'fc00::1',
      '0.0.0.0',
      '::',
      '::ffff:127.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '2002:7f00:1::',
    ]) {
      expect(isPublicAddress(bad), bad).toBe(false);
    }
  });

  it('refuses loopback, private, link-local, metadata and non-https endpoints at registration (422)', async () => {
    for (const endpoint of [
      'https://127.0.0.1:8443/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/x',
      'https://100.64.1.1/x',
      'https://internal.example.test/x',
      'https://metadata.example.test/x',
      'https://mixed.example.test/x',
      'https://v6-metadata.example.test/x',
      'https://unknown.example.test/x',
      'https://push.example.test:8080/x',
      'https://user:pass@push.example.test/x',
    ]) {
      const res = await register(subscription(endpoint));
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors.token, endpoint).toEqual([PUSH_ENDPOINT_MESSAGE]);
    }
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.userId, actors.manager.id))).toEqual([]);
  });

  it('accepts https endpoints of public hosts (names resolving to public IPv4 and IPv6)', async () => {
    for (const endpoint of [
      'https://push.example.test/send/1',
      'https://updates.push.services.mozilla.com/wpush/v2/a',
    ]) {
      const res = await register(subscription(endpoint), actors.admin.token);
      expect(res.statusCode, endpoint).toBe(200);
    }
  });

  it('refuses a renewal to an internal endpoint', async () => {
    const old = subscription('https://push.example.test/send/renew-old');
    await register(old, actors.freelancer.token);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/push-token/${encodeURIComponent(old)}`,
      headers: bearer(actors.freelancer.token),
      payload: { token: subscription('https://10.0.0.1/x') },
    });
    expect(res.statusCode).toBe(422);
  });

  it('skips (and logs) a stored token whose endpoint is not public at send time', async () => {
    await t.db.delete(settings).where(eq(settings.key, 'vapid'));
    const good = subscription('https://push.example.test/send/good');
    await register(good);
    // As if stored before the rules, or the name was re-pointed inward since.
    const bad = subscription('https://internal.example.test/x');
    await t.db.insert(pushTokens).values({ userId: actors.manager.id, token: bad });
    const sent: string[] = [];
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args), error: () => {} } as unknown as FastifyBaseLogger;
    const deliver = notificationDelivery(t.app.ctx, log, async (sub: PushSubscription) => {
      sent.push(sub.endpoint);
    });
    const outgoing = await t.db.transaction((tx) =>
      notifyUsers(tx, [actors.manager.id], { type: 'task_assigned', data: notificationData('Hi') }, actors.admin.id),
    );
    await deliver(outgoing);
    expect(sent).toEqual(['https://push.example.test/send/good']);
    expect(JSON.stringify(warnings)).toContain('web push skipped');
  });

  it(`keeps at most ${MAX_PUSH_TOKENS_PER_USER} tokens per person, dropping the oldest`, async () => {
    const staff = await buildUser(t.db);
    for (let i = 0; i < MAX_PUSH_TOKENS_PER_USER + 3; i++) {
      expect((await register(subscription(`https://push.example.test/send/cap-${i}`), staff.token)).statusCode).toBe(
        200,
      );
    }
    const rows = await t.db.select({ token: pushTokens.token }).from(pushTokens).where(eq(pushTokens.userId, staff.id));
    const kept = rows.map((r) => JSON.parse(r.token).endpoint as string).sort();
    expect(kept).toHaveLength(MAX_PUSH_TOKENS_PER_USER);
    expect(kept).not.toContain('https://push.example.test/send/cap-0');
    expect(kept).toContain(`https://push.example.test/send/cap-${MAX_PUSH_TOKENS_PER_USER + 2}`);
  });

  it('checks the token itself without any network (resolver injected)', async () => {
    expect(await isAllowedPushToken(subscription('http://push.example.test/x'), resolveHost)).toBe(false);
    expect(await isAllowedPushToken('not json', resolveHost)).toBe(false);
  });
});
