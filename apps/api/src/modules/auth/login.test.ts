import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
});
afterAll(() => close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers });

describe('POST /api/login', () => {
  it('signs in with e-mail and password and answers the signed-in user with an auth token', async () => {
    const user = await buildUser(db, { name: 'Robin Hart', permissions: ['TASKS_READ'] });
    const res = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD, cookie_login: false });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      uuid: user.uuid,
      name: 'Robin Hart',
      email: user.email,
      phone: null,
      job_title: null,
      permissions: [{ name: 'TASKS_READ' }],
      contact: { uuid: user.contactUuid, type: 'regular_user' },
      preferences: { sms_notifications: null, push_notifications: '1' },
      push_tokens: [],
      is_super_user: false,
      mfa_enrolment_required: false,
    });
    expect(data.roles).toHaveLength(1);
    expect(data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(data)).not.toContain('password_hash');
    expect(Object.keys(data)).not.toContain('passwordHash');

    const me = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${data.auth_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.uuid).toBe(user.uuid);
    expect(me.json().data.auth_token).toBeUndefined();
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    const user = await buildUser(db);
    const wrong = await login({ email: user.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@agency.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('refuses an inactive account with the same message', async () => {
    const user = await buildUser(db, { status: 'inactive' });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.invalidCredentials);
  });

  it('names every missing field with the spec message', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.fieldsNeedAttention,
      code: 'validation_failed',
      errors: { email: [MESSAGES.required], password: [MESSAGES.required] },
    });
  });

  it('answers one missing field with that field message', async () => {
    const res = await login({ email: 'someone@agency.test' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.required);
    expect(res.json().errors).toEqual({ password: [MESSAGES.required] });
  });

  it('rejects a malformed e-mail with a field error', async () => {
    const res = await login({ email: 'not-an-email', password: 'whatever1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MESSAGES.invalidEmail]);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MESSAGES.malformedJson, code: 'malformed_json' });
  });

  it('answers an oversized body with 413', async () => {
    const res = await login({ email: 'a@agency.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MESSAGES.payloadTooLarge);
  });

  it('answers 10 kB strings with a validation error, not a server error', async () => {
    const big = 'a'.repeat(10_000);
    const res = await login({ email: `${big}@agency.test`, password: big });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
  });

  it('treats SQL and HTML in fields as plain data', async () => {
    const user = await buildUser(db);
    for (const payload of [
      { email: "x@agency.test' or '1'='1", password: "' or 1=1 --" },
      { email: user.email, password: "' or '1'='1" },
      { email: '<script>alert(1)</script>@agency.test', password: '<img src=x onerror=alert(1)>' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(422);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('answers wrong types with 422, not 500', async () => {
    for (const payload of [{ email: 42, password: true }, { email: ['a'], password: { $ne: '' } }, [], 'text', null]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect([400, 422]).toContain(res.statusCode);
    }
  });
});
