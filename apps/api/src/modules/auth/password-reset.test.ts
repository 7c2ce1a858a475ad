import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox, passwordResetTokens } from '../../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let mailbox: Awaited<ReturnType<typeof getTestApp>>['mailbox'];

beforeAll(async () => {
  ({ app, close, db, mailbox } = await getTestApp());
});
afterAll(() => close());

const forgot = (email: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (payload: object) => app.inject({ method: 'POST', url: '/api/reset-password', payload });

/** The link in the newest message delivered to the address (the e-mail log keeps it redacted). */
async function latestLink(email: string) {
  const match = mailbox.lastTo(email)?.text.match(/http:\/\/portal\.test\/reset\?token=([^&\s]+)&email=([^\s]+)/);
  if (!match?.[1]) {
    throw new Error('no reset link mailed');
  }
  return { token: decodeURIComponent(match[1]), email: decodeURIComponent(match[2] ?? '') };
}

describe('password reset', () => {
  it('answers the same for a known and an unknown e-mail, mailing only the known one', async () => {
    const user = await buildUser(db);
    const known = await forgot(user.email);
    const unknown = await forgot('ghost@agency.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(MESSAGES.resetLinkSent);
    const ghostMail = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ghost@agency.test'));
    expect(ghostMail).toHaveLength(0);
    const link = await latestLink(user.email);
    expect(link.email).toBe(user.email);
  });

  it('sets a new password, signs out every session, and works only once', async () => {
    const user = await buildUser(db);
    await forgot(user.email, '10.0.0.2');
    const link = await latestLink(user.email);
    const body = { ...link, password: 'brand-new-secret', password_confirmation: 'brand-new-secret' };
    const first = await reset(body);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.passwordResetDone);

    expect((await app.inject({ url: '/api/user', headers: bearer(user.token) })).statusCode).toBe(401);
    const oldLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(422);
    const newLogin = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'brand-new-secret' },
    });
    expect(newLogin.statusCode).toBe(200);

    const again = await reset(body);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('refuses an expired link, a link for another e-mail and a made-up token', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    await forgot(user.email, '10.0.0.3');
    const link = await latestLink(user.email);
    const pw = { password: 'brand-new-secret', password_confirmation: 'brand-new-secret' };
    expect((await reset({ ...link, email: other.email, ...pw })).statusCode).toBe(422);
    expect((await reset({ token: 'made-up', email: user.email, ...pw })).statusCode).toBe(422);
    await db.execute(sql`update password_reset_tokens set expires_at = now() - interval '1 minute'`);
    const expired = await reset({ ...link, ...pw });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ token: [MESSAGES.resetTokenInvalid] });
  });

  it('validates the new password', async () => {
    const res = await reset({ token: 't', email: 'a@agency.test', password: 'short', password_confirmation: 'other' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([MESSAGES.passwordTooShort]);
  });

  it('keeps reset tokens hashed', async () => {
    const user = await buildUser(db);
    await forgot(user.email, '10.0.0.4');
    const link = await latestLink(user.email);
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(JSON.stringify(rows)).not.toContain(link.token);
  });
});

describe('outstanding reset links die when the password is proven or changed (issue 17)', () => {
  const pw = { password: 'brand-new-secret', password_confirmation: 'brand-new-secret' };

  it('a sign-in with the password voids the links asked for before it', async () => {
    const user = await buildUser(db);
    await forgot(user.email, '10.0.1.1');
    const link = await latestLink(user.email);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const res = await reset({ ...link, ...pw });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('a password changed by any path (here straight in the database) voids the links asked for before it', async () => {
    const user = await buildUser(db);
    await forgot(user.email, '10.0.1.2');
    const link = await latestLink(user.email);
    await db.execute(sql`update users set password_hash = 'changed-elsewhere' where id = ${user.id}`);
    expect((await reset({ ...link, ...pw })).statusCode).toBe(422);
    // A link asked for after the change works.
    await forgot(user.email, '10.0.1.2');
    expect((await reset({ ...(await latestLink(user.email)), ...pw })).statusCode).toBe(200);
  });

  it('an admin taking over an unverified self-registration voids the registrant’s reset link', async () => {
    const email = 'registrant@agency.test';
    const password = 'registrant-password';
    const registered = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { name: 'Registrant', email, password, password_confirmation: password },
    });
    expect(registered.statusCode).toBe(200);
    await forgot(email, '10.0.1.3');
    const registrantLink = await latestLink(email);
    const admin = await buildUser(db, { permissions: PERMISSIONS });
    const created = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bearer(admin.token),
      payload: { name: 'Real Owner', email, type: 'regular_user' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect((await reset({ ...registrantLink, ...pw })).statusCode).toBe(422);
    // The welcome link mailed to the owner works.
    expect((await reset({ ...(await latestLink(email)), ...pw })).statusCode).toBe(200);
  });
});
