import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscription } from 'web-push';
import { pushTokens, settings } from '../../src/db/schema';
import { notificationDelivery } from '../../src/modules/notifications/deliver';
import { notifyUsers } from '../../src/modules/notifications/notify';
import { isAllowedPushToken, PUSH_ENDPOINT_MESSAGE } from '../../src/modules/notifications/push-endpoint';
import { MAX_PUSH_TOKENS_PER_USER } from '../../src/modules/notifications/push-tokens';
import { notificationData } from '../../src/modules/notifications/test-helpers';
import { isPublicAddress, SPECIAL_IPV4, SPECIAL_IPV6 } from '../../src/outbound/public-address';
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

/** Addresses an outgoing call may dial, with why. */
const PUBLIC: [string, string][] = [
  ['142.250.74.10', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['2600:1901:0:92a9::', 'global unicast IPv6'],
  ['2a00:1450:4001:82b::200a', 'global unicast IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public address'],
  ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
  ['2002:808:808::1', '6to4 of a public address'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.0', 'just above CGNAT'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['223.255.255.255', 'just below multicast'],
];

/** Addresses it may never dial: every special-use kind, in each spelling that reaches it. */
const NOT_PUBLIC: [string, string][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network" 0/8'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.254', 'CGNAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.1', 'documentation'],
  ['203.0.113.1', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated, never dialled)'],
  ['::a00:1', 'IPv4-compatible private'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:0:10.0.0.1', 'IPv4-translated (SIIT)'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of private'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b::c0a8:101', 'NAT64 of private'],
  ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
  ['64:ff9b:1:ffff::1', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a00:1::1', '6to4 of private'],
  ['2002:a9fe:a9fe::', '6to4 of metadata'],
  ['2002:c0a8:101::1', '6to4 of private'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['100::1', 'discard-only'],
  ['5f00::1', 'SRv6 SIDs'],
  ['fc00::1', 'unique local'],
  ['fd00:ec2::254', 'unique local (AWS metadata)'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['4000::1', 'outside global unicast 2000::/3'],
  ['localhost', 'not an address'],
  ['0x7f.1', 'not a canonical address'],
  ['', 'empty'],
];

/** The first and last address of a range, as text. */
function firstAndLast(network: ipaddr.IPv4 | ipaddr.IPv6, bits: number): string[] {
  const bytes = network.toByteArray();
  const last = bytes.map((byte, i) => {
    const hostBits = Math.min(8, Math.max(0, (i + 1) * 8 - bits));
    return byte | ((1 << hostBits) - 1);
  });
  return [network.toString(), ipaddr.fromByteArray(last).toString()];
}

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
  it.each(PUBLIC)('treats %s as public unicast (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(NOT_PUBLIC)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses every special-use range at its first and last address', () => {
    for (const { cidr } of [...SPECIAL_IPV4, ...SPECIAL_IPV6]) {
      const [network, bits] = ipaddr.parseCIDR(cidr);
      for (const address of firstAndLast(network, bits)) {
        expect(isPublicAddress(address), `${address} in ${cidr}`).toBe(false);
      }
    }
  });

  it('refuses an IPv6 literal that embeds an inward IPv4 address at registration (422)', async () => {
    for (const endpoint of [
      'https://[::127.0.0.1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:0:127.0.0.1]/x',
      'https://[64:ff9b::10.0.0.1]/x',
      'https://[64:ff9b::169.254.169.254]/x',
      'https://[64:ff9b:1::8.8.8.8]/x',
      'https://[2002:7f00:1::]/x',
      'https://[2002:c0a8:101::1]/x',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
      'https://[fec0::1]/x',
      'https://[ff02::1]/x',
      'https://0x7f.1/x',
      'https://2130706433/x',
      'https://0.0.0.0/x',
      'https://240.0.0.1/x',
      'https://198.18.0.1/x',
      'https://[fe80::1%25eth0]/x',
    ]) {
      const res = await register(subscription(endpoint));
      expect(res.statusCode, endpoint).toBe(422);
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
