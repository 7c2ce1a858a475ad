import { MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { authTokens } from '../../db/schema';
import { hashToken } from './tokens';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({
    env: { AUTH_TOKEN_IDLE_MINUTES: '30', AUTH_TOKEN_LIFETIME_MINUTES: '600' },
  }));
});
afterAll(() => close());

const me = (token?: string) => app.inject({ url: '/api/user', headers: token ? bearer(token) : {} });

async function signIn(email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
  return res.json().data.auth_token as string;
}

describe('bearer tokens', () => {
  it('answers 401 with the spec message without a token', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthorized, code: 'unauthorized' });
  });

  it('answers 401 for a made-up token, a malformed header and an oversized token', async () => {
    expect((await me('made-up-token')).statusCode).toBe(401);
    expect((await me('x'.repeat(5000))).statusCode).toBe(401);
    const res = await app.inject({ url: '/api/user', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const user = await buildUser(db);
    const token = await signIn(user.email);
    const rows = await db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('revokes the token at logout and keeps other sessions of the user', async () => {
    const user = await buildUser(db);
    const first = await signIn(user.email);
    const second = await signIn(user.email);
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(out.statusCode).toBe(200);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('expires a token after the idle window', async () => {
    const user = await buildUser(db);
    const token = await signIn(user.email);
    await db
      .update(authTokens)
      .set({ lastUsedAt: sql`now() - interval '31 minutes'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps a token alive while it is used', async () => {
    const user = await buildUser(db);
    const token = await signIn(user.email);
    await db
      .update(authTokens)
      .set({ lastUsedAt: sql`now() - interval '29 minutes'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(200);
    const [row] = await db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect(Date.now() - (row?.lastUsedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('expires a token after its absolute lifetime even when used', async () => {
    const user = await buildUser(db);
    const token = await signIn(user.email);
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('sets the absolute lifetime from configuration', async () => {
    const user = await buildUser(db);
    const token = await signIn(user.email);
    const [row] = await db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(token)));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(599);
    expect(minutes).toBeLessThanOrEqual(600);
  });

  it('signs out a user whose account is deactivated', async () => {
    const user = await buildUser(db);
    await db.execute(sql`update users set status = 'inactive' where id = ${user.id}`);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});
