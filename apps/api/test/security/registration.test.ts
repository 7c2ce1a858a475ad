import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema';
import { VERIFY_MESSAGES } from '../../src/modules/auth/email-verification';
import { DEFAULT_AUTH_RATE_LIMITS } from '../../src/modules/auth/rate-limiter';
import { REGISTER_MESSAGES } from '../../src/modules/auth/register';
import { DEMO_ROLES } from '../../src/seed/roles';
import { bearer, buildActors, buildCustomer, buildRole, buildUser } from '../factories';
import { getTestApp } from '../test-app';

let t: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
beforeAll(async () => {
  t = await getTestApp({
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      loginPerIp: { limit: 1000, windowSeconds: 60 },
      loginDelayMs: () => 0,
      registerPerIp: { limit: 3, windowSeconds: 3600 },
    },
  });
  actors = await buildActors(t.db);
});
afterAll(() => t.close());

const PASSWORD = 'a-long-enough-password';
let ipSeq = 0;
/** Each registration from its own address unless told, so the per-address limit is tested on its own. */
const register = (email: string, ip = `10.20.${Math.floor(ipSeq / 200)}.${ipSeq++ % 200}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Reg Person', email, password: PASSWORD, password_confirmation: PASSWORD },
    remoteAddress: ip,
  });
const login = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
/** The newest message delivered to an address, links included (the e-mail log keeps them redacted). */
function lastMail(to: string) {
  return t.mailbox.lastTo(to);
}

describe('self-registration verifies the e-mail before the account signs in', () => {
  it('answers "check your e-mail", refuses sign-in until the mailed link is followed, then signs in', async () => {
    const res = await register('New.Person@Example.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: VERIFY_MESSAGES.sent, verification_required: true });

    const refused = await login('new.person@example.test');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'email_not_verified', message: VERIFY_MESSAGES.notVerified });
    // A wrong password still says only 'invalid credentials'.
    expect((await login('new.person@example.test', 'wrong-password-1')).json().code).toBe('invalid_credentials');

    const mail = lastMail('new.person@example.test');
    const token = mail?.text.match(/http:\/\/portal\.test\/verify-email\?token=([^\s&]+)/)?.[1];
    expect(token).toBeTruthy();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify-email',
      payload: { token: decodeURIComponent(token ?? '') },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ email: 'new.person@example.test' });
    expect(verified.json().data.auth_token).toBeTruthy();
    expect((await login('new.person@example.test')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token: token ?? '' } });
    expect(again.statusCode).toBe(422);
  });

  it('normalises the address: zero-width and full-width look-alikes of an existing account are the same address', async () => {
    await buildUser(t.db, { email: 'victim@company.test' });
    for (const variant of ['vic\u200Btim@company.test', 'ｖｉｃｔｉｍ@company.test', 'VICTIM@company.test\u200D']) {
      const res = await register(variant);
      // Answered like any registration (issue 17); the existing account's owner is the one told.
      expect(res.statusCode, variant).toBe(200);
      expect(res.json(), variant).toEqual({ message: VERIFY_MESSAGES.sent, verification_required: true });
      expect(lastMail('victim@company.test')?.subject, variant).toBe(
        'Someone tried to register with your e-mail address',
      );
    }
    const accounts = await t.db.select().from(users).where(eq(users.email, 'victim@company.test'));
    expect(accounts).toHaveLength(1);
  });

  it('refuses look-alikes of existing accounts (other scripts, rn/m, 0/o, l/1)', async () => {
    await buildUser(t.db, { email: 'admin.boss@company.test' });
    const nonLatin = await register('\u0430dmin.boss@company.test');
    expect(nonLatin.json().errors.email).toEqual([REGISTER_MESSAGES.notPlain]);
    for (const lookAlike of ['adrnin.boss@company.test', 'adminboss@company.test', 'admin.b0ss@cornpany.test']) {
      const res = await register(lookAlike);
      expect(res.statusCode, lookAlike).toBe(422);
      expect(res.json().errors.email, lookAlike).toEqual([REGISTER_MESSAGES.lookAlike]);
    }
  });

  it('is rate limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await register(`burst-${i}@example.test`, '10.99.0.1')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('registration does not tell whether an address has an account (issue 17)', () => {
  it('answers an existing address (verified or not) exactly as a new one, and mails the owner instead', async () => {
    const owner = await buildUser(t.db, { email: 'owner.verified@company.test' });
    expect((await register('pending.owner@company.test')).statusCode).toBe(200);
    const fresh = await register('brand.new@company.test');
    const answers = [fresh];
    for (const email of [owner.email, 'pending.owner@company.test']) {
      answers.push(await register(email));
    }
    for (const res of answers) {
      expect(res.statusCode).toBe(fresh.statusCode);
      expect(res.json()).toEqual(fresh.json());
    }
    expect(fresh.json()).toEqual({ message: VERIFY_MESSAGES.sent, verification_required: true });

    const told = lastMail(owner.email);
    expect(told?.subject).toBe('Someone tried to register with your e-mail address');
    expect(told?.text).toContain('http://portal.test/login');
    expect(told?.text).toContain('http://portal.test/forgot-password');
    expect(`${told?.text}${told?.html}`).not.toMatch(/token|invite=/i);
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.uuid, told?.uuid ?? ''));
    expect(row).toMatchObject({ template: 'register_attempt', redacted: false });
    // Nothing about the account changed: one login, the owner's password still works.
    expect(await t.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    expect((await login(owner.email, 'correct horse battery staple')).statusCode).toBe(200);
    expect((await login(owner.email)).json().code).toBe('invalid_credentials');
  });

  it('still tells the holder of an invite for the address that it has an account (the invite proves the mailbox)', async () => {
    const client = await buildCustomer(t.db);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/customer-invite',
      headers: bearer(actors.admin.token),
      payload: { customer_id: client.uuid, email: actors.contact.email },
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const token = decodeURIComponent(lastMail(actors.contact.email)?.text.match(/invite=([^\s&]+)/)?.[1] ?? '');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Invited',
        email: actors.contact.email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        invite_token: token,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MESSAGES.emailTaken]);
  });
});

describe('sessions end when who a person is changes', () => {
  const contactUuidOf = async (userId: number) =>
    (await t.db.query.contacts.findFirst({ where: (c, { eq: equals }) => equals(c.userId, userId) }))?.uuid ?? '';
  const userCall = (token: string) => t.app.inject({ url: '/api/user', headers: bearer(token) });
  const update = (uuid: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/contacts/${uuid}`, headers: bearer(actors.admin.token), payload });

  it('a client account promoted to staff does not keep its old session', async () => {
    const person = await buildUser(t.db, { type: 'contact' });
    expect((await userCall(person.token)).statusCode).toBe(200);
    expect((await update(await contactUuidOf(person.id), { type: 'regular_user' })).statusCode).toBe(200);
    expect((await userCall(person.token)).statusCode).toBe(401);
  });

  it('role, status and e-mail changes revoke sessions; a profile edit does not', async () => {
    const person = await buildUser(t.db, { type: 'regular_user' });
    const uuid = await contactUuidOf(person.id);
    expect((await update(uuid, { job_title: 'Designer' })).statusCode).toBe(200);
    expect((await userCall(person.token)).statusCode).toBe(200);

    const roleId = await buildRole(t.db, DEMO_ROLES.Manager?.permissions ?? []);
    const role = await t.db.query.roles.findFirst({ where: (r, { eq: equals }) => equals(r.id, roleId) });
    expect((await update(uuid, { roles: [role?.uuid ?? ''] })).statusCode).toBe(200);
    expect((await userCall(person.token)).statusCode).toBe(401);

    const second = await signIn(person.email);
    expect((await update(uuid, { email: `moved-${person.email}` })).statusCode).toBe(200);
    expect((await userCall(second)).statusCode).toBe(401);

    const third = await signIn(`moved-${person.email}`);
    expect((await update(uuid, { status: 'inactive' })).statusCode).toBe(200);
    expect((await userCall(third)).statusCode).toBe(401);
  });
});

async function signIn(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'correct horse battery staple' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.auth_token;
}

describe('an admin creating a user for an unverified self-registration takes it over', () => {
  it('voids the old password and sessions; the person sets a password from the mailed link', async () => {
    expect((await register('taken.over@agency.test')).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bearer(actors.admin.token),
      payload: { name: 'Real Owner', email: 'taken.over@agency.test', type: 'regular_user' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Real Owner', type: 'regular_user' });
    // The registrant's password is gone (and the verification link with it).
    expect((await login('taken.over@agency.test')).json().code).toBe('invalid_credentials');

    const mail = lastMail('taken.over@agency.test');
    expect(mail?.subject).toBe('Welcome to Agency Portal — set your password');
    const token = mail?.text.match(/reset\?token=([^&\s]+)/)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: decodeURIComponent(token),
        email: 'taken.over@agency.test',
        password: 'owner-chooses-this',
        password_confirmation: 'owner-chooses-this',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login('taken.over@agency.test', 'owner-chooses-this');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.contact.type).toBe('regular_user');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'taken.over@agency.test'));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('still refuses an address whose owner verified it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bearer(actors.admin.token),
      payload: { name: 'Copy', email: actors.manager.email, type: 'regular_user' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([MESSAGES.emailTaken]);
  });
});
