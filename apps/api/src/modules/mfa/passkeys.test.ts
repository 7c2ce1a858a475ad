import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildRole, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { SoftAuthenticator } from '../../../test/soft-authenticator';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { auditLogs, mfaRecoveryCodes, mfaRequiredRoles, passkeys, roles, userRoles } from '../../db/schema';
import { DEFAULT_AUTH_RATE_LIMITS } from '../auth/rate-limiter';
import { login } from './mfa-test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

// The test app's APP_URL is http://portal.test: passkeys are bound to that host and accepted from that origin.
const RP_ID = 'portal.test';
const ORIGIN = 'http://portal.test';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, loginPerIp: { limit: 1000, windowSeconds: 60 }, loginDelayMs: () => 0 },
  }));
});
afterAll(() => close());

type Json = Record<string, unknown>;
const post = (url: string, payload?: object, token?: string) =>
  app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), ...(token ? { headers: bearer(token) } : {}) });

/** Registers a passkey of `device` for the user through the API; answers the registration's answer. */
async function addPasskey(user: BuiltUser, device: SoftAuthenticator, name = 'MacBook Touch ID') {
  const options = await post('/api/passkeys/registration-options', undefined, user.token);
  expect(options.statusCode, options.body).toBe(200);
  const response = device.register(options.json().data);
  const verified = await post('/api/passkeys/registration-verify', { name, response }, user.token);
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data as { uuid: string; name: string; recovery_codes: string[] | null };
}

/** Password first, then the passkey step: answers the second step's answer. */
async function signInWithPasskeyStep(user: BuiltUser, device: SoftAuthenticator, tamper: Json = {}) {
  const first = await login(app, user.email);
  expect(first.statusCode, first.body).toBe(202);
  const { challenge } = first.json();
  const options = await post('/api/login/second-factor/passkey-options', { challenge });
  expect(options.statusCode, options.body).toBe(200);
  const assertion = device.assert(options.json().data, tamper);
  return { challenge, assertion, answer: await post('/api/login/second-factor', { challenge, assertion }) };
}

describe('registering passkeys', () => {
  it('keeps a passkey, lists it without key material, and a first factor brings ten recovery codes once', async () => {
    const user = await buildUser(db);
    const laptop = new SoftAuthenticator(RP_ID, ORIGIN);
    const added = await addPasskey(user, laptop);
    expect(added.recovery_codes).toHaveLength(10);
    const phone = new SoftAuthenticator(RP_ID, ORIGIN);
    const second = await addPasskey(user, phone, 'iPhone');
    expect(second.recovery_codes).toBeNull();

    const list = await app.inject({ url: '/api/passkeys', headers: bearer(user.token) });
    expect(list.json().data.map((p: Json) => p.name)).toEqual(['MacBook Touch ID', 'iPhone']);
    const [row] = await db.select().from(passkeys).where(eq(passkeys.uuid, added.uuid));
    expect(list.body).not.toContain(row?.credentialId);
    expect(list.body).not.toContain(row?.publicKey);

    const status = await app.inject({ url: '/api/mfa', headers: bearer(user.token) });
    expect(status.json().data).toMatchObject({
      totp: false,
      passkeys: 2,
      passkey_sign_in: false,
      recovery_codes_left: 10,
    });

    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/passkeys/${added.uuid}`,
      headers: bearer(user.token),
      payload: { name: 'Work laptop' },
    });
    expect(renamed.json().data.name).toBe('Work laptop');
  });

  it('refuses an answer for other options, from another site, or one made twice', async () => {
    const user = await buildUser(db);
    const options = await post('/api/passkeys/registration-options', undefined, user.token);
    const phishing = new SoftAuthenticator(RP_ID, 'https://portal-login.example');
    const refused = await post(
      '/api/passkeys/registration-verify',
      { name: 'x', response: phishing.register(options.json().data) },
      user.token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.response).toEqual([MESSAGES.passkeyRefused]);
    // The options were spent by that try: the same options cannot be answered again.
    const honest = new SoftAuthenticator(RP_ID, ORIGIN);
    const again = await post(
      '/api/passkeys/registration-verify',
      { name: 'x', response: honest.register(options.json().data) },
      user.token,
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.passkeyExpired);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
  });
});

describe('a passkey as the second step of a sign-in', () => {
  it('a right password answers a challenge offering the passkey; its signature signs in as login does', async () => {
    const user = await buildUser(db, { permissions: ['TASKS_READ'] });
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    await addPasskey(user, device);
    const first = await login(app, user.email);
    expect(first.json()).toMatchObject({ second_factor_required: true, methods: ['passkey', 'recovery_code'] });

    const { answer } = await signInWithPasskeyStep(user, device);
    expect(answer.statusCode, answer.body).toBe(200);
    const me = await app.inject({ url: '/api/user', headers: bearer(answer.json().data.auth_token) });
    expect(me.json().data.uuid).toBe(user.uuid);
    const [key] = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(key?.lastUsedAt).not.toBeNull();
    expect(key?.counter).toBe(1);
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.subjectUuid, user.uuid));
    expect(trail.map((row) => row.action)).toContain('passkey_added');
  });

  it('refuses a replayed assertion, one signed for another site, and another person’s passkey', async () => {
    const user = await buildUser(db);
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    await addPasskey(user, device);

    const { challenge, assertion, answer } = await signInWithPasskeyStep(user, device, {
      origin: 'https://portal-login.example',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.assertion).toEqual([MESSAGES.passkeyRefused]);
    // The options were spent by that try; the same assertion cannot be sent again.
    const replay = await post('/api/login/second-factor', { challenge, assertion });
    expect(replay.statusCode).toBe(422);

    const stranger = await buildUser(db);
    const theirs = new SoftAuthenticator(RP_ID, ORIGIN);
    await addPasskey(stranger, theirs);
    const first = await login(app, user.email);
    const options = await post('/api/login/second-factor/passkey-options', { challenge: first.json().challenge });
    const wrongPerson = await post('/api/login/second-factor', {
      challenge: first.json().challenge,
      assertion: theirs.assert(options.json().data),
    });
    expect(wrongPerson.statusCode).toBe(422);
  });

  it('refuses a signature counter that did not grow (a cloned authenticator)', async () => {
    const user = await buildUser(db);
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    await addPasskey(user, device);
    expect((await signInWithPasskeyStep(user, device)).answer.statusCode).toBe(200);
    const clone = await signInWithPasskeyStep(user, device, { counter: 1 });
    expect(clone.answer.statusCode).toBe(422);
  });
});

describe('signing in with a passkey alone', () => {
  async function passwordless(device: SoftAuthenticator, tamper: Json = {}) {
    const options = await post('/api/login/passkey/options');
    expect(options.statusCode, options.body).toBe(200);
    const { handle, options: request } = options.json().data;
    expect(request.userVerification).toBe('required');
    return post('/api/login/passkey', { handle, assertion: device.assert(request, tamper) });
  }

  it('is refused until the person chooses it, then signs in without a password', async () => {
    const user = await buildUser(db);
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    await addPasskey(user, device);
    const before = await passwordless(device);
    expect(before.statusCode).toBe(422);
    expect(before.json().message).toBe(MESSAGES.passkeyNotForSignIn);

    const on = await app.inject({
      method: 'PUT',
      url: '/api/mfa/passkey-sign-in',
      headers: bearer(user.token),
      payload: { enabled: true },
    });
    expect(on.json().message).toBe(MESSAGES.passkeySignInOn);
    const after = await passwordless(device);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.uuid).toBe(user.uuid);
  });

  it('needs the passkey to verify its user (PIN or biometrics)', async () => {
    const user = await buildUser(db);
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    await addPasskey(user, device);
    await app.inject({
      method: 'PUT',
      url: '/api/mfa/passkey-sign-in',
      headers: bearer(user.token),
      payload: { enabled: true },
    });
    expect((await passwordless(device, { userVerified: false })).statusCode).toBe(422);
  });

  it('cannot be chosen without a passkey', async () => {
    const user = await buildUser(db);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/mfa/passkey-sign-in',
      headers: bearer(user.token),
      payload: { enabled: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.passkeySignInNeedsPasskey);
  });
});

describe('removing passkeys and the rules around them', () => {
  it('needs proof; the last factor gone takes the recovery codes and the second step with it', async () => {
    const user = await buildUser(db);
    const device = new SoftAuthenticator(RP_ID, ORIGIN);
    const added = await addPasskey(user, device);
    const remove = (payload: object) =>
      app.inject({ method: 'DELETE', url: `/api/passkeys/${added.uuid}`, headers: bearer(user.token), payload });
    const wrong = await remove({ password: 'not it' });
    expect(wrong.statusCode).toBe(422);
    expect((await remove({ password: TEST_PASSWORD })).json().message).toBe(MESSAGES.passkeyRemoved);
    expect(await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toHaveLength(0);
    expect((await login(app, user.email)).statusCode).toBe(200);
  });

  it('a passkey satisfies a role that requires a second factor', async () => {
    const roleId = await buildRole(db, ['TASKS_READ']);
    const user = await buildUser(db);
    await db.insert(userRoles).values({ userId: user.id, roleId });
    await db.insert(mfaRequiredRoles).values({ roleId });
    await app.ctx.sessions.invalidate('all');
    const before = await app.inject({ url: '/api/user', headers: bearer(user.token) });
    expect(before.json().data.mfa_enrolment_required).toBe(true);
    await addPasskey(user, new SoftAuthenticator(RP_ID, ORIGIN));
    const after = await app.inject({ url: '/api/user', headers: bearer(user.token) });
    expect(after.json().data.mfa_enrolment_required).toBe(false);
    await db.delete(roles).where(eq(roles.id, roleId));
  });

  it('an admin’s reset removes the person’s passkeys too', async () => {
    const admin = await buildUser(db, { permissions: PERMISSIONS });
    const user = await buildUser(db);
    await addPasskey(user, new SoftAuthenticator(RP_ID, ORIGIN));
    const reset = await app.inject({
      method: 'DELETE',
      url: `/api/users/${user.uuid}/mfa`,
      headers: bearer(admin.token),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
    expect((await login(app, user.email)).statusCode).toBe(200);
  });
});
