import { createHash } from 'node:crypto';
import { MESSAGES, PERMISSIONS, type Permission } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { apiTokens, auditLogs, mfaRequiredRoles, rolePermissions, userRoles, users } from '../../db/schema';
import { DEFAULT_AUTH_RATE_LIMITS } from '../auth/rate-limiter';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let owner: BuiltUser;

/** Per-token calls a window in this file: low enough for the 429 test, above what any other test makes. */
const CALLS_PER_WINDOW = 12;

const OWNER_PERMISSIONS: Permission[] = ['API_TOKENS_CREATE', 'ROLES_CREATE', 'ROLES_READ', 'CONTACTS_READ'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      loginPerIp: { limit: 1000, windowSeconds: 60 },
      loginDelayMs: () => 0,
      apiTokenCalls: { limit: CALLS_PER_WINDOW, windowSeconds: 60 },
    },
  }));
  owner = await buildUser(db, { permissions: OWNER_PERMISSIONS });
});
afterAll(() => close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

async function createToken(scope: 'read' | 'write', who: BuiltUser = owner, name = `Script ${scope}`) {
  const res = await call('POST', '/api/api-tokens', who.token, { name, scope, expires_at: inDays(30) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; token: string; name: string; scope: string; last_used_at: string | null };
}

describe('personal API tokens: creating and listing', () => {
  it('answers the token once, with the ptk_ prefix, and stores only its SHA-256', async () => {
    const created = await createToken('read', owner, 'Reporting script');
    expect(created.token).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Reporting script', scope: 'read', last_used_at: null });

    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.uuid, created.uuid));
    expect(row?.tokenHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await call('GET', '/api/api-tokens', owner.token);
    const listed = list.json().data.find((t: { uuid: string }) => t.uuid === created.uuid);
    expect(listed).toMatchObject({ name: 'Reporting script', scope: 'read' });
    expect(listed).not.toHaveProperty('token');
    expect(list.body).not.toContain(created.token);
  });

  it('refuses an expiry in the past or more than a year ahead', async () => {
    for (const expires_at of [inDays(-1), inDays(367)]) {
      const res = await call('POST', '/api/api-tokens', owner.token, { name: 'x', scope: 'read', expires_at });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.expires_at).toEqual([MESSAGES.apiTokenExpiry]);
    }
  });

  it('lets only people with API_TOKENS_CREATE create one, and lists nobody else’s tokens', async () => {
    const other = await buildUser(db, { permissions: ['TASKS_READ'] });
    const refused = await call('POST', '/api/api-tokens', other.token, {
      name: 'x',
      scope: 'read',
      expires_at: inDays(1),
    });
    expect(refused.statusCode).toBe(403);
    const list = await call('GET', '/api/api-tokens', other.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);

    const client = await buildUser(db, { type: 'contact' });
    expect((await call('GET', '/api/api-tokens', client.token)).statusCode).toBe(403);
  });
});

describe('personal API tokens: acting as their owner', () => {
  it('signs in as the owner with the owner’s permissions', async () => {
    const { token } = await createToken('write');
    const me = await call('GET', '/api/user', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.uuid).toBe(owner.uuid);
    expect((await call('GET', '/api/roles', token)).statusCode).toBe(200);
    // The owner has no TASKS_READ, so neither has the token.
    expect((await call('GET', '/api/tasks', token)).statusCode).toBe(403);
  });

  it('a read-only token cannot write; a write token can', async () => {
    const read = await createToken('read');
    const write = await createToken('write');
    const edit = { job_title: 'Automation' };
    const refused = await call('PUT', `/api/people/${owner.contactUuid}`, read.token, edit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.apiTokenReadOnly);
    expect((await call('GET', `/api/contacts/${owner.contactUuid}`, read.token)).statusCode).toBe(200);

    const allowed = await call('PUT', `/api/people/${owner.contactUuid}`, write.token, edit);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.job_title).toBe('Automation');
  });

  it('no token can manage tokens, roles, sign-in e-mail or sign out, even with the owner’s permissions', async () => {
    const { token, uuid } = await createToken('write');
    const refusals = [
      await call('GET', '/api/api-tokens', token),
      await call('POST', '/api/api-tokens', token, { name: 'child', scope: 'write', expires_at: inDays(1) }),
      await call('DELETE', `/api/api-tokens/${uuid}`, token),
      await call('POST', '/api/roles', token, { name: 'Token-made role', permissions: ['TASKS_READ'] }),
      await call('PUT', `/api/people/${owner.contactUuid}`, token, { email: 'taken-over@agency.test' }),
      await call('PUT', `/api/people/${owner.contactUuid}`, token, { roles: [] }),
      await call('POST', '/api/logout', token),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(MESSAGES.apiTokenNotAllowed);
    }
    // The same owner's session may do all of that.
    const session = await call('POST', '/api/roles', owner.token, { name: 'Session-made role', permissions: [] });
    expect(session.statusCode).toBe(200);
  });

  it('records the last use', async () => {
    const created = await createToken('read');
    expect(created.last_used_at).toBeNull();
    const before = Date.now();
    await call('GET', '/api/user', created.token);
    const list = await call('GET', '/api/api-tokens', owner.token);
    const listed = list.json().data.find((t: { uuid: string }) => t.uuid === created.uuid);
    expect(new Date(listed.last_used_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('personal API tokens: when they stop working', () => {
  it('an expired token answers 401', async () => {
    const created = await createToken('read');
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.uuid, created.uuid));
    expect((await call('GET', '/api/user', created.token)).statusCode).toBe(401);
  });

  it('a revoked token answers 401 at once, and only its owner can revoke it', async () => {
    const created = await createToken('write');
    expect((await call('GET', '/api/user', created.token)).statusCode).toBe(200);

    const stranger = await buildUser(db, { permissions: ['API_TOKENS_CREATE'] });
    expect((await call('DELETE', `/api/api-tokens/${created.uuid}`, stranger.token)).statusCode).toBe(404);

    const revoked = await call('DELETE', `/api/api-tokens/${created.uuid}`, owner.token);
    expect(revoked.json()).toEqual({ message: MESSAGES.apiTokenRevoked });
    expect((await call('GET', '/api/user', created.token)).statusCode).toBe(401);
    const list = await call('GET', '/api/api-tokens', owner.token);
    expect(list.json().data.map((t: { uuid: string }) => t.uuid)).not.toContain(created.uuid);

    // The audit trail names the token and who made and revoked it, never the token itself.
    await expect
      .poll(async () =>
        (await db.select().from(auditLogs).where(eq(auditLogs.actorId, owner.id)))
          .filter((row) => row.subjectLabel === 'Script write')
          .map((row) => row.action),
      )
      .toEqual(expect.arrayContaining(['api_token_created', 'api_token_revoked']));
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.actorId, owner.id));
    expect(JSON.stringify(trail)).not.toContain(created.token);
  });

  it('stops working when the owner loses the permission or is deactivated', async () => {
    const person = await buildUser(db, { permissions: ['API_TOKENS_CREATE', 'DASHBOARD_READ'] });
    const first = await createToken('read', person);
    expect((await call('GET', '/api/user', first.token)).statusCode).toBe(200);

    const [held] = await db.select().from(userRoles).where(eq(userRoles.userId, person.id));
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, held?.roleId ?? 0));
    await app.ctx.sessions.invalidateUser(person.id);
    expect((await call('GET', '/api/user', first.token)).statusCode).toBe(401);

    const second = await buildUser(db, { permissions: ['API_TOKENS_CREATE'] });
    const token = await createToken('read', second);
    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, second.id));
    await app.ctx.sessions.invalidateUser(second.id);
    expect((await call('GET', '/api/user', token.token)).statusCode).toBe(401);
  });

  it('is held like its owner while a role of theirs requires a second factor they have not set up', async () => {
    const person = await buildUser(db, { permissions: ['API_TOKENS_CREATE', 'DASHBOARD_READ'] });
    const { token } = await createToken('read', person);
    expect((await call('GET', '/api/dashboard', token)).statusCode).toBe(200);

    const [held] = await db.select().from(userRoles).where(eq(userRoles.userId, person.id));
    await db.insert(mfaRequiredRoles).values({ roleId: held?.roleId ?? 0 });
    await app.ctx.sessions.invalidateUser(person.id);
    const refused = await call('GET', '/api/dashboard', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('mfa_enrolment_required');
  });

  it('answers 429 with Retry-After past the per-token limit, without touching other tokens', async () => {
    const busy = await createToken('read');
    const calm = await createToken('read');
    for (let i = 0; i < CALLS_PER_WINDOW; i++) {
      expect((await call('GET', '/api/user', busy.token)).statusCode).toBe(200);
    }
    const limited = await call('GET', '/api/user', busy.token);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call('GET', '/api/user', calm.token)).statusCode).toBe(200);
    // Sessions are not counted against tokens.
    expect((await call('GET', '/api/user', owner.token)).statusCode).toBe(200);
  });

  it('the OpenAPI document describes the token scheme', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiToken.description).toContain('ptk_');
    expect(doc.security).toContainEqual({ apiToken: [] });
  });
});

describe('personal API tokens: routes declared session-only', () => {
  it('refuses every session-only route to a write token of an owner holding every permission', async () => {
    const admin = await buildUser(db, { permissions: PERMISSIONS });
    const sessionOnly = [...app.accessMap.entries()].filter(([, described]) => described.includes('session_only'));
    expect(sessionOnly.map(([route]) => route)).toEqual(
      expect.arrayContaining(['GET /api/api-tokens', 'POST /api/roles', 'POST /api/logout']),
    );
    const failures: string[] = [];
    for (const [route, described] of sessionOnly) {
      // A fresh token per route, so the per-token limit of this file is never what answers.
      const { token } = await createToken('write', admin);
      const [method, path] = route.split(' ') as [Method, string];
      const url = path.replace(':uuid', '00000000-0000-4000-8000-000000000000');
      const fields = /session_only_fields=(\S+)/.exec(described)?.[1]?.split('|');
      const payload = fields ? Object.fromEntries(fields.map((field) => [field, null])) : {};
      const res = await call(method, url, token, method === 'GET' || method === 'DELETE' ? undefined : payload);
      if (res.statusCode !== 403 || res.json().message !== MESSAGES.apiTokenNotAllowed) {
        failures.push(`${route}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
