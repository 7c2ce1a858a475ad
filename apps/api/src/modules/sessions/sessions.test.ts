import { MESSAGES, type Permission } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltUser, bearer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { auditLogs, authTokens } from '../../db/schema';
import { PrincipalCache } from '../auth/principal-cache';
import { DEFAULT_AUTH_RATE_LIMITS } from '../auth/rate-limiter';
import { SessionService } from '../auth/session.service';
import { describeUserAgent } from './user-agent';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, loginPerIp: { limit: 1000, windowSeconds: 60 }, loginDelayMs: () => 0 },
  }));
});
afterAll(() => close());

type Method = 'GET' | 'DELETE';
const call = (method: Method, url: string, token: string) => app.inject({ method, url, headers: bearer(token) });

/** A real sign-in from a browser, so the session carries that browser's user agent and address. */
async function signIn(user: BuiltUser, userAgent: string, ip = '203.0.113.7'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.auth_token as string;
}

type Listed = {
  uuid: string;
  browser: string | null;
  os: string | null;
  device: string;
  ip: string | null;
  current: boolean;
};
const sessionsOf = async (token: string) => (await call('GET', '/api/sessions', token)).json().data as Listed[];

describe('the Sessions list', () => {
  it('lists every signed-in device with browser, OS and address, marks the current one and never shows a token', async () => {
    const user = await buildUser(db);
    const laptop = await signIn(user, CHROME_MAC, '203.0.113.7');
    const phone = await signIn(user, SAFARI_IPHONE, '2001:db8::5');

    const res = await call('GET', '/api/sessions', phone);
    expect(res.statusCode).toBe(200);
    const listed = res.json().data as Listed[];
    expect(listed).toHaveLength(3);
    expect(listed.find((s) => s.current)).toMatchObject({
      browser: 'Safari 17.4',
      os: 'iOS 17.4',
      device: 'mobile',
      ip: '2001:db8::5',
    });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.find((s) => s.browser === 'Chrome 131')).toMatchObject({
      os: 'macOS 10.15',
      device: 'desktop',
      current: false,
    });
    for (const token of [user.token, laptop, phone]) {
      expect(res.body).not.toContain(token);
    }
    const hashes = await db
      .select({ hash: authTokens.tokenHash })
      .from(authTokens)
      .where(eq(authTokens.userId, user.id));
    for (const { hash } of hashes) {
      expect(res.body).not.toContain(hash);
    }
  });

  it('leaves out sessions already ended, expired or idle past the limit', async () => {
    const user = await buildUser(db);
    const other = await signIn(user, FIREFOX_WINDOWS);
    await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(other) });
    const idle = await signIn(user, CHROME_MAC);
    const idleMinutes = app.ctx.config.auth.idleMinutes;
    const ids = await db
      .select({ id: authTokens.id, uuid: authTokens.uuid })
      .from(authTokens)
      .where(eq(authTokens.userId, user.id));
    const idleUuid = (await sessionsOf(idle)).find((s) => s.current)?.uuid;
    await db
      .update(authTokens)
      .set({ lastUsedAt: new Date(Date.now() - (idleMinutes + 1) * 60_000) })
      .where(eq(authTokens.uuid, idleUuid ?? ''));
    expect(ids.length).toBe(3);
    const listed = await sessionsOf(user.token);
    expect(listed.map((s) => s.uuid)).toEqual([expect.any(String)]);
    expect(listed[0]?.current).toBe(true);
  });
});

describe('ending sessions', () => {
  it('ends one other session: that device is signed out at once, the caller stays in, and the trail records it', async () => {
    const user = await buildUser(db);
    const laptop = await signIn(user, CHROME_MAC);
    const laptopUuid = (await sessionsOf(laptop)).find((s) => s.current)?.uuid ?? '';

    const res = await call('DELETE', `/api/sessions/${laptopUuid}`, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.sessionEnded);
    expect((await call('GET', '/api/user', laptop)).statusCode).toBe(401);
    expect((await call('GET', '/api/user', user.token)).statusCode).toBe(200);
    expect((await sessionsOf(user.token)).map((s) => s.uuid)).not.toContain(laptopUuid);

    // The trail's listener writes after the answer has left (audit-listener.ts): wait for it.
    await vi.waitFor(async () => {
      const trail = await db.select().from(auditLogs).where(eq(auditLogs.subjectUuid, user.uuid));
      expect(trail.map((row) => [row.action, row.subjectLabel, row.actorId])).toContainEqual([
        'session_ended',
        'Chrome 131 on macOS 10.15',
        user.id,
      ]);
    });
  });

  it('refuses to end the session making the call (that is signing out) and another person’s session', async () => {
    const user = await buildUser(db);
    const stranger = await buildUser(db);
    const own = (await sessionsOf(user.token)).find((s) => s.current)?.uuid ?? '';
    const theirs = (await sessionsOf(stranger.token))[0]?.uuid ?? '';

    const current = await call('DELETE', `/api/sessions/${own}`, user.token);
    expect(current.statusCode).toBe(422);
    expect(current.json().message).toBe(MESSAGES.sessionCurrent);

    expect((await call('DELETE', `/api/sessions/${theirs}`, user.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/user', stranger.token)).statusCode).toBe(200);
  });

  it('ends every other session at once and keeps the current one', async () => {
    const user = await buildUser(db);
    const others = [
      await signIn(user, CHROME_MAC),
      await signIn(user, SAFARI_IPHONE),
      await signIn(user, FIREFOX_WINDOWS),
    ];
    const res = await call('DELETE', '/api/sessions', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.otherSessionsEnded, ended: 3 });
    for (const token of others) {
      expect((await call('GET', '/api/user', token)).statusCode).toBe(401);
    }
    expect((await sessionsOf(user.token)).map((s) => s.current)).toEqual([true]);
  });

  it('drops an ended session cached by another instance at once, not after the cache’s TTL', async () => {
    // A second instance on the same database, with its own cache listening on the shared channel.
    const otherCache = new PrincipalCache();
    await otherCache.listen(db.$client);
    const other = new SessionService(db, app.ctx.config, otherCache);
    try {
      const user = await buildUser(db);
      const laptop = await signIn(user, CHROME_MAC);
      const hash = (await other.resolve(laptop))?.tokenHash ?? '';
      expect(otherCache.get(hash)).toBeDefined();
      const laptopUuid = (await sessionsOf(laptop)).find((s) => s.current)?.uuid ?? '';

      await call('DELETE', `/api/sessions/${laptopUuid}`, user.token);
      for (let i = 0; i < 100 && otherCache.get(hash) !== undefined; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(otherCache.get(hash)).toBeUndefined();
      expect(await other.resolve(laptop)).toBeNull();
    } finally {
      await otherCache.close();
    }
  });
});

describe('an admin ends a person’s sessions', () => {
  const ADMIN: Permission[] = ['USERS_UPDATE', 'USERS_READ', 'CONTACTS_READ', 'CONTACTS_UPDATE'];

  it('signs the person out everywhere and records who did it', async () => {
    const admin = await buildUser(db, { permissions: [...ADMIN, 'ROLES_UPDATE'] });
    const leaver = await buildUser(db, { permissions: ['CONTACTS_READ'] });
    const phone = await signIn(leaver, SAFARI_IPHONE);

    const res = await call('DELETE', `/api/users/${leaver.uuid}/sessions`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.personSessionsEnded, ended: 2 });
    for (const token of [leaver.token, phone]) {
      expect((await call('GET', '/api/user', token)).statusCode).toBe(401);
    }
    await vi.waitFor(async () => {
      const trail = await db.select().from(auditLogs).where(eq(auditLogs.action, 'sessions_ended_by_admin'));
      expect(trail.some((row) => row.actorId === admin.id && JSON.stringify(row).includes(leaver.uuid))).toBe(true);
    });
  });

  it('refuses a manager ending the sessions of someone holding permissions the manager lacks', async () => {
    const manager = await buildUser(db, { permissions: ADMIN });
    const admin = await buildUser(db, { permissions: [...ADMIN, 'ROLES_UPDATE'] });
    const res = await call('DELETE', `/api/users/${admin.uuid}/sessions`, manager.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.userAboveOwn);
    expect((await call('GET', '/api/user', admin.token)).statusCode).toBe(200);
  });

  it('refuses a manager resetting the second factor of someone holding permissions the manager lacks', async () => {
    const manager = await buildUser(db, { permissions: ADMIN });
    const admin = await buildUser(db, { permissions: [...ADMIN, 'ROLES_UPDATE'] });
    const res = await call('DELETE', `/api/users/${admin.uuid}/mfa`, manager.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.userAboveOwn);
  });
});

describe('describing a user agent', () => {
  it('names browser, OS and device, and says nothing rather than guess without one', () => {
    expect(describeUserAgent(FIREFOX_WINDOWS)).toEqual({
      browser: 'Firefox 133',
      os: 'Windows NT 10',
      device: 'desktop',
    });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'unknown' });
    expect(describeUserAgent('curl/8.5.0').device).toBe('unknown');
  });
});
