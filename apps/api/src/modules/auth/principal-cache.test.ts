import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { PrincipalCache } from './principal-cache';
import { SessionService } from './session.service';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
});
afterAll(() => close());

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) {
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('cached sessions', () => {
  it('answers repeated calls from the cache and still signs out at once', async () => {
    const user = await buildUser(db);
    expect((await app.inject({ url: '/api/user', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: bearer(user.token) })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
    expect((await app.inject({ url: '/api/user', headers: bearer(user.token) })).statusCode).toBe(401);
  });

  it('drops a session cached by another instance when this one signs it out', async () => {
    // A second instance on the same database, with its own cache listening on the shared channel.
    const otherCache = new PrincipalCache();
    await otherCache.listen(db.$client);
    const other = new SessionService(db, app.ctx.config, otherCache);
    try {
      const user = await buildUser(db);
      expect(await other.resolve(user.token)).not.toBeNull();
      const hash = (await other.resolve(user.token))?.tokenHash ?? '';
      expect(otherCache.get(hash)).toBeDefined();

      await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(user.token) });
      await waitFor(() => otherCache.get(hash) === undefined);
      expect(otherCache.get(hash)).toBeUndefined();
      expect(await other.resolve(user.token)).toBeNull();
    } finally {
      await otherCache.close();
    }
  });

  it('expires entries after the TTL so a missed invalidation cannot last', () => {
    let now = 0;
    const cache = new PrincipalCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const principal = {
      userId: 1,
      tokenHash: 'h',
      uuid: 'u',
      email: 'e',
      contactUuid: 'c',
      type: 'regular_user' as const,
      permissions: new Set<string>(),
      isSuperUser: false,
    };
    cache.set('h', { principal, tokenExpiresAt: 10_000, lastUsedAt: 0 });
    now = 999;
    expect(cache.get('h')).toBeDefined();
    now = 1001;
    expect(cache.get('h')).toBeUndefined();
  });

  it('drops every session of a user on invalidateUser', async () => {
    const user = await buildUser(db);
    const resolved = await app.ctx.sessions.resolve(user.token);
    expect(resolved).not.toBeNull();
    await app.ctx.sessions.invalidateUser(user.id);
    expect(app.ctx.sessions.cache.get(resolved?.tokenHash ?? '')).toBeUndefined();
  });
});
