import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildRole, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { auditLogs, roles, userRoles, users } from '../../db/schema';
import { mailSignInLink } from '../auth/sign-in-link';
import type { MemoryPickup } from '../mail/pickup';
import { awayFromStepEdge, codeAt, enrol, login, secondStep } from './mfa-test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let mailbox: MemoryPickup;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  ({ app, close, db, mailbox } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

describe('the second step of a sign-in', () => {
  it('a right password answers a challenge instead of a token; the challenge and a code sign in as login does', async () => {
    const user = await buildUser(db, { name: 'Robin Two', permissions: ['TASKS_READ'] });
    const { secret, recoveryCodes } = await enrol(app, user);
    const first = await login(app, user.email);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({
      message: MESSAGES.secondFactorRequired,
      second_factor_required: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      methods: ['totp', 'recovery_code'],
    });
    expect(first.body).not.toContain('auth_token');
    await awayFromStepEdge();
    const second = await secondStep(app, first.json().challenge, await codeAt(secret, 1));
    expect(second.statusCode, second.body).toBe(200);
    const plain = await login(app, (await buildUser(db, { permissions: ['TASKS_READ'] })).email);
    expect(Object.keys(second.json().data).sort()).toEqual(Object.keys(plain.json().data).sort());
    expect(second.json().data).toMatchObject({ uuid: user.uuid, name: 'Robin Two', mfa_enrolment_required: false });
    const me = await app.inject({ url: '/api/user', headers: bearer(second.json().data.auth_token) });
    expect(me.statusCode).toBe(200);
    // Spent: the same challenge cannot sign in twice.
    const reuse = await secondStep(app, first.json().challenge, recoveryCodes[0] ?? '');
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe(MESSAGES.secondFactorChallengeInvalid);
  });

  it('wrong passwords still answer the usual refusal, and no challenge', async () => {
    const user = await buildUser(db);
    await enrol(app, user);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'nope' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('an unknown or expired challenge is refused', async () => {
    const user = await buildUser(db);
    const { secret } = await enrol(app, user);
    expect((await secondStep(app, 'x'.repeat(43), await codeAt(secret))).statusCode).toBe(422);
    const challenge = (await login(app, user.email)).json().challenge as string;
    await db.execute(`update mfa_challenges set expires_at = now() - interval '1 second'`);
    const late = await secondStep(app, challenge, await codeAt(secret, 1));
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(MESSAGES.secondFactorChallengeInvalid);
  });

  it('a password change voids a pending challenge', async () => {
    const user = await buildUser(db);
    const { recoveryCodes } = await enrol(app, user);
    const challenge = (await login(app, user.email)).json().challenge as string;
    await db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.id));
    expect((await secondStep(app, challenge, recoveryCodes[0] ?? '')).statusCode).toBe(422);
  });

  it('wrong codes are limited per account and address like passwords: past the limit even a right code waits', async () => {
    const user = await buildUser(db);
    const { recoveryCodes } = await enrol(app, user);
    const challenge = (await login(app, user.email, '198.51.100.9')).json().challenge as string;
    const limit = app.ctx.rateLimits.loginPerAccountIp.limit;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      expect((await secondStep(app, challenge, '000000', '198.51.100.9')).statusCode).toBe(422);
    }
    const blocked = await secondStep(app, challenge, recoveryCodes[0] ?? '', '198.51.100.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // A new challenge (the password typed again) does not buy new guesses.
    const again = (await login(app, user.email, '198.51.100.9')).json().challenge as string;
    expect((await secondStep(app, again, recoveryCodes[0] ?? '', '198.51.100.9')).statusCode).toBe(429);
  });

  it('the e-mailed sign-in link proves the mailbox, not the second factor: it answers a challenge too', async () => {
    const user = await buildUser(db);
    const { recoveryCodes } = await enrol(app, user);
    await mailSignInLink(app.ctx, user, { ip: '10.1.2.3' });
    const token = decodeURIComponent(mailbox.lastTo(user.email)?.text.match(/token=([^&\s]+)/)?.[1] ?? '');
    const res = await app.inject({ method: 'POST', url: '/api/sign-in-link', payload: { token } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().second_factor_required).toBe(true);
    expect(res.body).not.toContain('auth_token');
    const done = await secondStep(app, res.json().challenge, recoveryCodes[0] ?? '');
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('roles that require a second factor', () => {
  const putRoles = (token: string, roleUuids: string[]) =>
    app.inject({
      method: 'PUT',
      url: '/api/mfa/required-roles',
      headers: bearer(token),
      payload: { role_uuids: roleUuids },
    });

  it('people of a listed role sign in to enrolment only; others and enrolled people are not held', async () => {
    const roleId = await buildRole(db, ['TASKS_READ'], `Strict ${Date.now()}`);
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
    const held = await buildUser(db);
    await db.insert(userRoles).values({ userId: held.id, roleId });
    const free = await buildUser(db, { permissions: ['TASKS_READ'] });
    const saved = await putRoles(admin.token, [role?.uuid ?? '']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await app.inject({ url: '/api/mfa/required-roles', headers: bearer(admin.token) })).json().data).toEqual({
      role_uuids: [role?.uuid],
    });

    const signIn = await login(app, held.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.mfa_enrolment_required).toBe(true);
    const token = signIn.json().data.auth_token as string;
    const tasks = await app.inject({ url: '/api/tasks', headers: bearer(token) });
    expect(tasks.statusCode).toBe(403);
    expect(tasks.json()).toMatchObject({
      message: MESSAGES.secondFactorEnrolmentRequired,
      code: 'mfa_enrolment_required',
    });
    // A session signed in before the setting changed is held too.
    expect((await app.inject({ url: '/api/tasks', headers: bearer(held.token) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/mfa', headers: bearer(token) })).json().data.required).toBe(true);
    expect((await app.inject({ url: '/api/tasks', headers: bearer(free.token) })).statusCode).toBe(200);

    await enrol(app, { ...held, token });
    expect((await app.inject({ url: '/api/tasks', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: bearer(token) })).json().data.mfa_enrolment_required).toBe(
      false,
    );
    await putRoles(admin.token, []);
  });

  it('only role managers read and change the list, and an unknown role is refused', async () => {
    const manager = await buildUser(db, { permissions: ['ROLES_READ', 'USERS_UPDATE'] });
    expect((await putRoles(manager.token, [])).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/mfa/required-roles', headers: bearer(manager.token) })).statusCode).toBe(403);
    const unknown = await putRoles(admin.token, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(MESSAGES.secondFactorRoleInvalid);
  });
});

describe("an admin resets a person's second factor", () => {
  it('removes it, tells the person by e-mail without any secret, and records it in the audit trail', async () => {
    const user = await buildUser(db);
    const { secret, recoveryCodes } = await enrol(app, user);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user.uuid}/mfa`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.secondFactorReset);
    const mail = mailbox.lastTo(user.email);
    expect(mail?.subject).toBe('Your Agency Portal two-factor authentication was reset');
    for (const secretText of [secret, ...recoveryCodes]) {
      expect(mail?.text).not.toContain(secretText);
      expect(mail?.html).not.toContain(secretText);
    }
    expect((await login(app, user.email)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const [entry] = await db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.subjectUuid, user.uuid), eq(auditLogs.action, 'second_factor_reset')));
      expect(entry).toMatchObject({ actorId: admin.id, subjectType: 'session', subjectLabel: user.email });
    });
    const twice = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user.uuid}/mfa`,
      headers: bearer(admin.token),
    });
    expect(twice.statusCode).toBe(422);
  });

  it('needs USERS_UPDATE', async () => {
    const user = await buildUser(db);
    await enrol(app, user);
    const reader = await buildUser(db, { permissions: ['USERS_READ', 'ROLES_UPDATE'] });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user.uuid}/mfa`,
      headers: bearer(reader.token),
    });
    expect(res.statusCode).toBe(403);
    expect((await login(app, user.email)).statusCode).toBe(202);
  });
});
