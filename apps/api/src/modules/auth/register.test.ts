import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { VERIFY_MESSAGES } from './email-verification';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let mailbox: Awaited<ReturnType<typeof getTestApp>>['mailbox'];

beforeAll(async () => {
  ({ app, close, db, mailbox } = await getTestApp());
});
afterAll(() => close());

const register = (payload: object) => app.inject({ method: 'POST', url: '/api/register', payload });

/** Follows the verification link mailed to the address (test/security/registration.test.ts covers the flow). */
async function verify(email: string) {
  const token = mailbox.lastTo(email)?.text.match(/verify-email\?token=([^\s&]+)/)?.[1] ?? '';
  const res = await app.inject({
    method: 'POST',
    url: '/api/verify-email',
    payload: { token: decodeURIComponent(token) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /api/register', () => {
  it('creates a client-side account (type contact, no roles) that signs in once its e-mail is verified', async () => {
    const res = await register({
      name: 'Dana Client',
      email: 'Dana@Client.test',
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().verification_required).toBe(true);
    await verify('dana@client.test');
    const { data } = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'dana@client.test', password: 'a-long-password' },
      })
    ).json();
    expect(data).toMatchObject({
      name: 'Dana Client',
      email: 'dana@client.test',
      contact: { type: 'contact' },
      roles: [],
      permissions: [],
    });
    const meRes = await app.inject({ url: '/api/user', headers: bearer(data.auth_token) });
    expect(meRes.statusCode).toBe(200);
    // Contacts are blocked from the staff application: everything but user and logout answers 403.
    const search = await app.inject({ url: '/api/global-search?search_term=a', headers: bearer(data.auth_token) });
    expect(search.statusCode).toBe(403);
  });

  it('answers an e-mail that is already registered like a new one, keeps the account and tells its owner', async () => {
    const user = await buildUser(db);
    const res = await register({
      name: 'X',
      email: user.email,
      password: 'password-1',
      password_confirmation: 'password-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: VERIFY_MESSAGES.sent, verification_required: true });
    expect(mailbox.lastTo(user.email)?.subject).toBe('Someone tried to register with your e-mail address');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'password-1' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('enforces the password rules: at least 8 characters, 64 and more allowed, confirmation matches', async () => {
    const short = await register({
      name: 'A',
      email: 'a1@client.test',
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().errors.password).toEqual([MESSAGES.passwordTooShort]);
    const mismatch = await register({
      name: 'A',
      email: 'a2@client.test',
      password: 'long-enough',
      password_confirmation: 'different-one',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual([MESSAGES.passwordMismatch]);
    const long = 'p'.repeat(100);
    const ok = await register({ name: 'A', email: 'a3@client.test', password: long, password_confirmation: long });
    expect(ok.statusCode).toBe(200);
    await verify('a3@client.test');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a3@client.test', password: long },
    });
    expect(login.statusCode).toBe(200);
  });

  it('requires every field', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: [MESSAGES.required],
      email: [MESSAGES.required],
      password: [MESSAGES.required],
      password_confirmation: [MESSAGES.required],
    });
  });
});
