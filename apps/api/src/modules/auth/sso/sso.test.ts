import { MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildRole, buildUser, TEST_PASSWORD } from '../../../../test/factories';
import { startOidcProvider, type TestOidcProvider } from '../../../../test/oidc-provider';
import { getTestApp, type TestApp } from '../../../../test/test-app';
import { auditLogs, contacts, userRoles, users } from '../../../db/schema';
import { enrol } from '../../mfa/mfa-test-helpers';
import { DEFAULT_AUTH_RATE_LIMITS } from '../rate-limiter';
import { callback, exchange, landing, signInAtProvider, ssoAs, startSso } from './sso-test-helpers';

type Harness = Awaited<ReturnType<typeof getTestApp>>;

let provider: TestOidcProvider;
/** JIT off, SSO-only off. */
let plain: Harness;
/** JIT on for agency.test as freelancer; SSO only for staff. */
let jit: Harness;
/** JIT on for agency.test with a staff role. */
let jitRole: Harness;

const ssoEnv = (extra: Record<string, string> = {}) => ({
  SSO_ISSUER: provider.issuer,
  SSO_CLIENT_ID: provider.clientId,
  SSO_CLIENT_SECRET: provider.clientSecret,
  SSO_ALLOWED_DOMAINS: 'agency.test,partner.test',
  SSO_LABEL: 'Sign in with Test Workspace',
  SSO_TEST_HTTP_ISSUER: 'true',
  ...extra,
});

let counter = 0;
/** A person the provider knows, with a fresh address at `domain`. */
function providerPerson(domain = 'agency.test', verified = true, name?: string) {
  counter += 1;
  const email = `sso-${Date.now()}-${counter}@${domain}`;
  provider.people.set(email, { email, email_verified: verified, name });
  return email;
}

const auditRows = (db: Harness['db'], action: string) =>
  db.select().from(auditLogs).where(eq(auditLogs.action, action));

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: ['http://portal.test/api/sso/callback'] });
  plain = await getTestApp({ env: ssoEnv() });
  jit = await getTestApp({ env: ssoEnv({ SSO_JIT_DOMAINS: 'agency.test', SSO_ONLY_FOR_STAFF: 'true' }) });
  jitRole = await getTestApp({ env: ssoEnv({ SSO_JIT_DOMAINS: 'agency.test', SSO_JIT_ROLE: 'SSO designers' }) });
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), jit?.close(), jitRole?.close()]);
  await provider?.close();
});

describe('single sign-on against a real OpenID Connect provider', () => {
  it('GET config tells the web app that SSO is on and its button label; never the client secret', async () => {
    const res = await plain.app.inject({ url: '/api/config' });
    expect(res.json().sso).toEqual({ label: 'Sign in with Test Workspace' });
    expect(res.body).not.toContain(provider.clientSecret);
    const start = await plain.app.inject({ url: '/api/sso/start' });
    expect(start.headers.location).not.toContain(provider.clientSecret);
  });

  it('signs an existing person in by verified e-mail: start, provider login, callback, one-time hand-off', async () => {
    const email = providerPerson();
    const person = await buildUser(plain.db, { email, name: 'Sam Single', permissions: ['TASKS_READ'] });
    const run = await startSso(plain.app);
    // PKCE (S256), state and nonce go to the provider; the verifier itself never does.
    const params = run.authorizationUrl.searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    const back = await callback(plain.app, await signInAtProvider(run, provider.issuer, email), run.binding);
    expect(back.statusCode, back.body).toBe(302);
    const { path, token } = landing(back.headers.location);
    expect(path).toBe('/sign-in/sso');
    // A hand-off code in the address, never a session token.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const signedIn = await exchange(plain.app, token ?? '');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ uuid: person.uuid, name: 'Sam Single' });
    const me = await plain.app.inject({ url: '/api/user', headers: bearer(signedIn.json().data.auth_token) });
    expect(me.json().data.uuid).toBe(person.uuid);
    // Spent: the same hand-off cannot sign in twice.
    const again = await exchange(plain.app, token ?? '');
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.ssoHandoffInvalid);
    await vi.waitFor(async () => {
      const rows = await auditRows(plain.db, 'sign_in');
      expect(rows.find((row) => row.subjectUuid === person.uuid)).toMatchObject({ details: { via: 'sso' } });
    });
  });

  it('an account with a second factor still answers our second step after the provider', async () => {
    const email = providerPerson();
    const person = await buildUser(plain.db, { email });
    await enrol(plain.app, person);
    const back = await ssoAs(plain.app, provider.issuer, email);
    const res = await exchange(plain.app, landing(back.headers.location).token ?? '');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ second_factor_required: true, message: MESSAGES.secondFactorRequired });
    expect(res.body).not.toContain('auth_token');
  });

  it('refuses an ID token whose nonce is not the one we issued (tampered authorization request)', async () => {
    const email = providerPerson();
    await buildUser(plain.db, { email });
    const run = await startSso(plain.app);
    run.authorizationUrl.searchParams.set('nonce', 'attacker-chosen-nonce');
    const back = await callback(plain.app, await signInAtProvider(run, provider.issuer, email), run.binding);
    expect(landing(back.headers.location)).toMatchObject({ path: '/login', error: 'failed', token: null });
  });

  it('refuses a callback whose state is not the attempt’s, or that comes to another browser', async () => {
    const email = providerPerson();
    await buildUser(plain.db, { email });
    const run = await startSso(plain.app);
    const url = await signInAtProvider(run, provider.issuer, email);
    const tampered = new URL(url);
    tampered.searchParams.set('state', 'not-the-state-we-sent');
    const wrongState = await callback(plain.app, tampered, run.binding);
    expect(landing(wrongState.headers.location)).toMatchObject({ path: '/login', error: 'failed' });

    const second = await startSso(plain.app);
    const url2 = await signInAtProvider(second, provider.issuer, email);
    const otherBrowser = await callback(plain.app, url2, null);
    expect(landing(otherBrowser.headers.location).error).toBe('failed');
    // The attempt was spent by that try: its own browser cannot use it afterwards either.
    const late = await callback(plain.app, url2, second.binding);
    expect(landing(late.headers.location).error).toBe('failed');
  });

  it('refuses an e-mail the provider has not verified, and records why', async () => {
    const email = providerPerson('agency.test', false);
    await buildUser(plain.db, { email });
    const back = await ssoAs(plain.app, provider.issuer, email);
    expect(landing(back.headers.location)).toMatchObject({ path: '/login', error: 'email_unverified' });
    await vi.waitFor(async () => {
      const rows = await auditRows(plain.db, 'sign_in_failed');
      expect(rows.find((row) => row.actorEmail === email)).toMatchObject({
        details: { via: 'sso', reason: 'email_unverified' },
      });
    });
  });

  it('refuses an e-mail domain outside SSO_ALLOWED_DOMAINS, even for an existing account', async () => {
    const email = providerPerson('elsewhere.test');
    await buildUser(plain.db, { email });
    const back = await ssoAs(plain.app, provider.issuer, email);
    expect(landing(back.headers.location).error).toBe('domain_not_allowed');
  });

  it('with JIT off, refuses a person without an account and creates none', async () => {
    const email = providerPerson();
    const back = await ssoAs(plain.app, provider.issuer, email);
    expect(landing(back.headers.location).error).toBe('no_account');
    expect(await plain.db.query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
  });

  it('refuses an inactive account', async () => {
    const email = providerPerson();
    await buildUser(plain.db, { email, status: 'inactive' });
    const back = await ssoAs(plain.app, provider.issuer, email);
    expect(landing(back.headers.location).error).toBe('account_inactive');
  });
});

describe('limits', () => {
  it('start, callback and exchange count against the password step’s per-address budget (429 past it)', async () => {
    const limited = await getTestApp({
      env: ssoEnv(),
      rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, loginPerIp: { limit: 2, windowSeconds: 60 }, loginDelayMs: () => 0 },
    });
    try {
      const from = (remoteAddress: string) => ({ url: '/api/sso/start', remoteAddress });
      expect((await limited.app.inject(from('198.51.100.1'))).statusCode).toBe(302);
      expect((await limited.app.inject(from('198.51.100.1'))).statusCode).toBe(302);
      const third = await limited.app.inject(from('198.51.100.1'));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeTruthy();
      // Another address has its own budget.
      expect((await limited.app.inject(from('198.51.100.2'))).statusCode).toBe(302);
      for (let i = 0; i < 2; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/sso/exchange',
          payload: { token: 'guess' },
          remoteAddress: '198.51.100.3',
        });
        expect(res.statusCode).toBe(422);
      }
      const guess = await limited.app.inject({
        method: 'POST',
        url: '/api/sso/exchange',
        payload: { token: 'guess' },
        remoteAddress: '198.51.100.3',
      });
      expect(guess.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('sends the browser back to the login page when the provider cannot be reached', async () => {
    const unreachable = await getTestApp({ env: ssoEnv({ SSO_ISSUER: 'http://127.0.0.1:9' }) });
    try {
      const start = await unreachable.app.inject({ url: '/api/sso/start' });
      expect(start.statusCode).toBe(302);
      expect(landing(start.headers.location)).toMatchObject({ path: '/login', error: 'failed' });
    } finally {
      await unreachable.close();
    }
  });

  it('answers 404 on every SSO route when single sign-on is off', async () => {
    const off = await getTestApp();
    try {
      expect((await off.app.inject({ url: '/api/sso/start' })).statusCode).toBe(404);
      expect((await off.app.inject({ url: '/api/sso/callback?state=x&code=y' })).statusCode).toBe(404);
      const exchanged = await off.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { token: 'x' } });
      expect(exchanged.statusCode).toBe(404);
      expect((await off.app.inject({ url: '/api/config' })).json().sso).toBeNull();
    } finally {
      await off.close();
    }
  });
});

describe('accounts made on first sign-in (SSO_JIT_DOMAINS)', () => {
  it('creates a freelancer with a verified e-mail and the provider’s name, in a JIT domain only', async () => {
    const email = providerPerson('agency.test', true, 'Frida Lance');
    const back = await ssoAs(jit.app, provider.issuer, email);
    const res = await exchange(jit.app, landing(back.headers.location).token ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Frida Lance', contact: { type: 'freelancer' }, permissions: [] });
    const partner = providerPerson('partner.test');
    const refused = await ssoAs(jit.app, provider.issuer, partner);
    expect(landing(refused.headers.location).error).toBe('no_account');
  });

  it('creates staff with SSO_JIT_ROLE, and refuses a JIT role that holds role or user administration', async () => {
    const roleId = await buildRole(jitRole.db, ['TASKS_READ', 'REQUEST_READ'], 'SSO designers');
    const email = providerPerson();
    const back = await ssoAs(jitRole.app, provider.issuer, email);
    const res = await exchange(jitRole.app, landing(back.headers.location).token ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ contact: { type: 'regular_user' }, roles: [{ name: 'SSO designers' }] });
    expect(res.json().data.permissions).toEqual([{ name: 'REQUEST_READ' }, { name: 'TASKS_READ' }]);

    // The same role later given user administration: nobody else is made with it.
    await buildRole(jitRole.db, ['TASKS_READ', 'REQUEST_READ', 'USERS_UPDATE'], 'SSO designers');
    const next = providerPerson();
    const refused = await ssoAs(jitRole.app, provider.issuer, next);
    expect(landing(refused.headers.location).error).toBe('no_account');
    expect(await jitRole.db.query.users.findFirst({ where: eq(users.email, next) })).toBeUndefined();
    const holders = await jitRole.db.select().from(userRoles).where(eq(userRoles.roleId, roleId));
    expect(holders).toHaveLength(1);
  });

  it('never creates a super user address, which is added by hand', async () => {
    provider.people.set('super@agency.test', { email: 'super@agency.test', email_verified: true });
    const back = await ssoAs(jit.app, provider.issuer, 'super@agency.test');
    expect(landing(back.headers.location).error).toBe('no_account');
  });
});

describe('SSO only for staff (SSO_ONLY_FOR_STAFF)', () => {
  const passwordLogin = (app: TestApp, email: string, password = TEST_PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });

  it('refuses a staff or freelancer password sign-in with a pointer to SSO; clients keep their passwords', async () => {
    const staff = await buildUser(jit.db, { type: 'regular_user' });
    const freelancer = await buildUser(jit.db, { type: 'freelancer' });
    const client = await buildUser(jit.db, { type: 'contact' });
    for (const person of [staff, freelancer]) {
      const res = await passwordLogin(jit.app, person.email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'sso_only', message: MESSAGES.ssoOnly });
    }
    const clientLogin = await passwordLogin(jit.app, client.email);
    expect(clientLogin.statusCode, clientLogin.body).toBe(200);
    // A wrong password answers the usual refusal: the SSO answer is only for someone who knew the password.
    const wrong = await passwordLogin(jit.app, staff.email, 'not-the-password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
    // Without the setting, staff sign in with a password as before.
    const elsewhere = await buildUser(plain.db, { type: 'regular_user' });
    expect((await passwordLogin(plain.app, elsewhere.email)).statusCode).toBe(200);
  });

  it('staff still sign in through the provider while passwords are refused', async () => {
    const email = providerPerson();
    await buildUser(jit.db, { email, type: 'regular_user' });
    const back = await ssoAs(jit.app, provider.issuer, email);
    const res = await exchange(jit.app, landing(back.headers.location).token ?? '');
    expect(res.statusCode, res.body).toBe(200);
    const contact = await jit.db.query.contacts.findFirst({ where: and(eq(contacts.email, email)) });
    expect(contact?.type).toBe('regular_user');
  });
});
