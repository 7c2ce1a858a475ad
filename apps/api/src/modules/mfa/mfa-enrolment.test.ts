import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { mfaRecoveryCodes, mfaTotp } from '../../db/schema';
import { awayFromStepEdge, codeAt, enrol, login, secondStep } from './mfa-test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
});
afterAll(() => close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('TOTP enrolment', () => {
  it('answers the secret, an otpauth URL and a PNG QR code, and stores the secret sealed, never in clear', async () => {
    const user = await buildUser(db);
    const res = await call('POST', '/mfa/totp', user.token);
    expect(res.statusCode, res.body).toBe(200);
    const { secret, otpauth_url, qr } = res.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Agency%20Portal:/);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, user.id));
    expect(row?.secretSealed).toBeDefined();
    expect(row?.secretSealed).not.toContain(secret);
    expect(row?.secretSealed).not.toContain(secret.toLowerCase());
    expect(Buffer.from(row?.secretSealed ?? '', 'utf8').toString('base64')).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();
    // Not on: a pending enrolment changes nothing at sign-in.
    expect((await login(app, user.email)).statusCode).toBe(200);
    expect((await call('GET', '/mfa', user.token)).json().data).toEqual({
      totp: false,
      passkeys: 0,
      passkey_sign_in: false,
      recovery_codes_left: 0,
      required: false,
    });
  });

  it('confirms with a current code and answers ten distinct recovery codes, stored only as digests', async () => {
    const user = await buildUser(db);
    const { recoveryCodes } = await enrol(app, user);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) {
      expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    }
    const stored = await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replaceAll('-', ''));
    }
    expect((await call('GET', '/mfa', user.token)).json().data).toMatchObject({ totp: true, recovery_codes_left: 10 });
    // Never again: a new enrolment is refused while one is on, so the secret cannot be read back.
    const again = await call('POST', '/mfa/totp', user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.secondFactorAlreadyOn);
  });

  it('refuses a wrong confirmation code and stays off', async () => {
    const user = await buildUser(db);
    const start = await call('POST', '/mfa/totp', user.token);
    const secret = start.json().data.secret as string;
    const wrong = (await codeAt(secret)) === '000000' ? '111111' : '000000';
    const res = await call('POST', '/mfa/totp/confirm', user.token, { code: wrong });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([MESSAGES.secondFactorCodeInvalid]);
    expect((await call('GET', '/mfa', user.token)).json().data.totp).toBe(false);
  });

  it('confirming without a started enrolment is refused', async () => {
    const user = await buildUser(db);
    const res = await call('POST', '/mfa/totp/confirm', user.token, { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.secondFactorNotStarted);
  });
});

describe('TOTP codes at sign-in', () => {
  it('accepts the codes of one step before and one step after now, and refuses a code used in its window again', async () => {
    const user = await buildUser(db);
    const { secret } = await enrol(app, user);
    await awayFromStepEdge();
    // The confirmation spent the current step; the step before it is now refused as older than the last one used.
    const before = await login(app, user.email);
    const stale = await secondStep(app, before.json().challenge, await codeAt(secret, -1));
    expect(stale.statusCode).toBe(422);
    const after = await secondStep(app, before.json().challenge, await codeAt(secret, 1));
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const replay = await login(app, user.email);
    const again = await secondStep(app, replay.json().challenge, await codeAt(secret, 1));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.secondFactorCodeInvalid);
  });

  it('accepts a code one step behind for a fresh factor', async () => {
    const user = await buildUser(db);
    await awayFromStepEdge();
    const start = await call('POST', '/mfa/totp', user.token);
    const secret = start.json().data.secret as string;
    const res = await call('POST', '/mfa/totp/confirm', user.token, { code: await codeAt(secret, -1) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses codes three steps before or after now', async () => {
    const user = await buildUser(db);
    await awayFromStepEdge();
    const start = await call('POST', '/mfa/totp', user.token);
    const secret = start.json().data.secret as string;
    for (const steps of [-3, -2, 2, 3]) {
      const res = await call('POST', '/mfa/totp/confirm', user.token, { code: await codeAt(secret, steps) });
      expect(res.statusCode, `step ${steps}`).toBe(422);
    }
  });
});

describe('recovery codes', () => {
  it('each signs in once, with or without dashes and in any case', async () => {
    const user = await buildUser(db);
    const { recoveryCodes } = await enrol(app, user);
    const [first = '', second = ''] = recoveryCodes;
    const one = await login(app, user.email);
    expect((await secondStep(app, one.json().challenge, first)).statusCode).toBe(200);
    const two = await login(app, user.email);
    expect((await secondStep(app, two.json().challenge, first)).statusCode).toBe(422);
    const three = await secondStep(app, two.json().challenge, second.replaceAll('-', '').toUpperCase());
    expect(three.statusCode, three.body).toBe(200);
    expect((await call('GET', '/mfa', user.token)).json().data.recovery_codes_left).toBe(8);
  });

  it('are replaced by new ones with a current code; the old ones stop working; a recovery code cannot make them', async () => {
    const user = await buildUser(db);
    const { secret, recoveryCodes } = await enrol(app, user);
    const byRecovery = await call('POST', '/mfa/recovery-codes', user.token, { code: recoveryCodes[0] });
    expect(byRecovery.statusCode).toBe(422);
    await awayFromStepEdge();
    const res = await call('POST', '/mfa/recovery-codes', user.token, { code: await codeAt(secret, 1) });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    const challenge = (await login(app, user.email)).json().challenge;
    expect((await secondStep(app, challenge, recoveryCodes[1] ?? '')).statusCode).toBe(422);
    expect((await secondStep(app, challenge, fresh[0] ?? '')).statusCode).toBe(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password or a current code; afterwards the password alone signs in', async () => {
    const user = await buildUser(db);
    const { secret } = await enrol(app, user);
    const wrong = await app.inject({
      method: 'DELETE',
      url: '/api/mfa/totp',
      headers: bearer(user.token),
      payload: { password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(422);
    const none = await app.inject({ method: 'DELETE', url: '/api/mfa/totp', headers: bearer(user.token), payload: {} });
    expect(none.statusCode).toBe(422);
    expect((await login(app, user.email)).statusCode).toBe(202);
    const off = await app.inject({
      method: 'DELETE',
      url: '/api/mfa/totp',
      headers: bearer(user.token),
      payload: { password: TEST_PASSWORD },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(MESSAGES.secondFactorTurnedOff);
    expect((await login(app, user.email)).statusCode).toBe(200);
    expect(await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toEqual([]);

    const other = await buildUser(db);
    const enrolled = await enrol(app, other);
    await awayFromStepEdge();
    const byCode = await app.inject({
      method: 'DELETE',
      url: '/api/mfa/totp',
      headers: bearer(other.token),
      payload: { code: await codeAt(enrolled.secret, 1) },
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(secret).not.toBe(enrolled.secret);
  });
});
