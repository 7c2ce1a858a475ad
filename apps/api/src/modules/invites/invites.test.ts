import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contacts, customers, users } from '../../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let mailbox: Awaited<ReturnType<typeof getTestApp>>['mailbox'];
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, close, db, mailbox } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

let seq = 0;
async function newClient() {
  const [row] = await db
    .insert(customers)
    .values({ businessName: `Northwind ${++seq}` })
    .returning();
  if (!row) {
    throw new Error('client not created');
  }
  return row;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const invite = (payload: object) => call('POST', '/api/customer-invite', payload);
const preview = (token: string) =>
  app.inject({ url: `/api/customer-invite/preview?token=${encodeURIComponent(token)}` });
const register = (payload: object) => app.inject({ method: 'POST', url: '/api/register', payload });

/** The last invite e-mailed to an address, and the token of its link. */
async function lastInviteMail(email: string) {
  const mail = mailbox.lastTo(email);
  const token = mail?.text.match(/http:\/\/portal\.test\/register\?invite=([^\s]+)/)?.[1];
  if (!mail || !token) {
    throw new Error(`no invite mailed to ${email}`);
  }
  return { mail, token: decodeURIComponent(token) };
}

async function clientContacts(customerUuid: string) {
  const res = await call('GET', `/api/contacts?page[size]=300&filters[customer_id]=${customerUuid}`);
  return res.json().data as { email: string; type: string }[];
}

describe('POST /api/customer-invite', () => {
  it('requires a client and a contact or e-mail', async () => {
    const res = await invite({});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ customer_id: [MESSAGES.required] });
    const client = await newClient();
    const noPerson = await invite({ customer_id: client.uuid });
    expect(noPerson.json().errors).toEqual({ email: [MESSAGES.required] });
    const badEmail = await invite({ customer_id: client.uuid, email: 'not-an-email' });
    expect(badEmail.json().errors).toEqual({ email: [MESSAGES.invalidEmail] });
    const unknown = await invite({ customer_id: '00000000-0000-4000-8000-000000000000', email: 'a@b.test' });
    expect(unknown.json().errors).toEqual({ customer_id: [MESSAGES.unknownReference] });
  });

  it('creates a pending invite and mails a link naming the client and the inclusions that are on', async () => {
    const client = await newClient();
    const res = await invite({ customer_id: client.uuid, email: 'New.Person@Client.test', leadsie_manage_link: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.invitationSent);
    expect(res.json().data).toMatchObject({
      email: 'new.person@client.test',
      status: 'pending',
      customer_id: client.uuid,
      customer: { uuid: client.uuid, business_name: client.businessName },
      user_id: null,
      login_register: true,
      leadsie_manage_link: true,
      leadsie_social_link: false,
      website: false,
      sent_count: 1,
    });
    const { mail, token } = await lastInviteMail('new.person@client.test');
    expect(mail.subject).toContain(client.businessName);
    expect(mail.text).toContain(`${client.businessName} invites you`);
    expect(mail.text).toContain('- Login/Register');
    expect(mail.text).toContain('- Leadsie manage link');
    expect(mail.text).not.toContain('Leadsie social link');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      email: 'new.person@client.test',
      status: 'pending',
      customer: { uuid: client.uuid, business_name: client.businessName },
    });
  });

  it('turns a second invite for the same e-mail and client into a resend that kills the old link', async () => {
    const client = await newClient();
    const first = await invite({ customer_id: client.uuid, email: 'twice@client.test' });
    const firstLink = await lastInviteMail('twice@client.test');
    const second = await invite({ customer_id: client.uuid, email: 'twice@client.test' });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe(MESSAGES.invitationSent);
    expect(second.json().data.uuid).toBe(first.json().data.uuid);
    expect(second.json().data.sent_count).toBe(2);
    const secondLink = await lastInviteMail('twice@client.test');
    expect(secondLink.token).not.toBe(firstLink.token);
    expect((await preview(firstLink.token)).json().message).toBe(MESSAGES.inviteInvalid);
    expect((await preview(secondLink.token)).statusCode).toBe(200);
    const list = await call('GET', `/api/customer-invite?filters[customer_id]=${client.uuid}`);
    expect(list.json().meta.total).toBe(1);
  });

  it('invites an existing contact by uuid using its e-mail, and refuses one without e-mail', async () => {
    const client = await newClient();
    const [withEmail] = await db
      .insert(contacts)
      .values({ name: 'Has Mail', email: 'has-mail@client.test', type: 'contact' })
      .returning();
    const [withoutEmail] = await db.insert(contacts).values({ name: 'No Mail', type: 'contact' }).returning();
    const ok = await invite({ customer_id: client.uuid, user_id: withEmail?.uuid });
    expect(ok.json().data).toMatchObject({ email: 'has-mail@client.test', user_id: withEmail?.uuid });
    const refused = await invite({ customer_id: client.uuid, user_id: withoutEmail?.uuid });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ user_id: [MESSAGES.contactWithoutEmail] });
    const unknown = await invite({ customer_id: client.uuid, user_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json().errors).toEqual({ user_id: [MESSAGES.unknownReference] });
  });
});

describe('resend and cancel', () => {
  it("resends a pending invite with 'Invitation sent.' and a new link", async () => {
    const client = await newClient();
    const created = (await invite({ customer_id: client.uuid, email: 'resend@client.test' })).json().data;
    const before = await lastInviteMail('resend@client.test');
    const res = await call('POST', `/api/customer-invite/${created.uuid}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation sent.' });
    const after = await lastInviteMail('resend@client.test');
    expect(after.token).not.toBe(before.token);
    expect((await preview(before.token)).statusCode).toBe(422);
    const list = await call('GET', `/api/customer-invite?filters[customer_id]=${client.uuid}`);
    expect(list.json().data[0].sent_count).toBe(2);
  });

  it('cancels a pending invite; it leaves the pending list and can be neither resent, cancelled nor used', async () => {
    const client = await newClient();
    const created = (await invite({ customer_id: client.uuid, email: 'cancel@client.test' })).json().data;
    const { token } = await lastInviteMail('cancel@client.test');
    const res = await call('PUT', `/api/customer-invite/${created.uuid}`, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    const pending = await call('GET', `/api/customer-invite?filters[customer_id]=${client.uuid}`);
    expect(pending.json().data).toEqual([]);
    const cancelled = await call(
      'GET',
      `/api/customer-invite?filters[customer_id]=${client.uuid}&filters[status][]=cancelled`,
    );
    expect(cancelled.json().data.map((i: { uuid: string }) => i.uuid)).toEqual([created.uuid]);
    expect((await call('POST', `/api/customer-invite/${created.uuid}/resend`)).statusCode).toBe(422);
    expect((await call('PUT', `/api/customer-invite/${created.uuid}`, { status: 'cancelled' })).statusCode).toBe(422);
    expect((await preview(token)).json().message).toBe(MESSAGES.inviteInvalid);
    const reg = await register({
      name: 'Too Late',
      email: 'cancel@client.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      invite_token: token,
    });
    expect(reg.statusCode).toBe(422);
    expect(reg.json().message).toBe(MESSAGES.inviteInvalid);
    // A new invite after a cancelled one is a new invite, not a resend.
    const again = await invite({ customer_id: client.uuid, email: 'cancel@client.test' });
    expect(again.json().data.uuid).not.toBe(created.uuid);
  });

  it('answers 404 for unknown uuids and 422 for malformed input', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/customer-invite/${unknown}/resend`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/customer-invite/${unknown}`, { status: 'cancelled' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/customer-invite/nope', { status: 'cancelled' })).statusCode).toBe(422);
    const client = await newClient();
    const created = (await invite({ customer_id: client.uuid, email: 'status@client.test' })).json().data;
    expect((await call('PUT', `/api/customer-invite/${created.uuid}`, { status: 'accepted' })).statusCode).toBe(422);
    expect((await call('GET', '/api/customer-invite?filters[status]=bogus')).statusCode).toBe(422);
    expect((await app.inject({ url: '/api/customer-invite/preview' })).statusCode).toBe(422);
  });
});

describe('accepting an invite', () => {
  it('registers with the invite token: the new contact joins the client and the invite is used up', async () => {
    const client = await newClient();
    await invite({ customer_id: client.uuid, email: 'joiner@client.test' });
    const { token } = await lastInviteMail('joiner@client.test');
    const res = await register({
      name: 'Jo Joiner',
      email: 'joiner@client.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      invite_token: token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact.type).toBe('contact');
    expect((await clientContacts(client.uuid)).map((c) => c.email)).toEqual(['joiner@client.test']);
    const accepted = await call(
      'GET',
      `/api/customer-invite?filters[customer_id]=${client.uuid}&filters[status][]=accepted`,
    );
    expect(accepted.json().data).toHaveLength(1);
    expect((await preview(token)).statusCode).toBe(422);
    const reuse = await register({
      name: 'Second',
      email: 'joiner@client.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      invite_token: token,
    });
    expect(reuse.json().message).toBe(MESSAGES.inviteInvalid);
  });

  it('refuses to register with another e-mail than the invited one, creating nothing', async () => {
    const client = await newClient();
    await invite({ customer_id: client.uuid, email: 'invited@client.test' });
    const { token } = await lastInviteMail('invited@client.test');
    const res = await register({
      name: 'Someone Else',
      email: 'someone-else@client.test',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
      invite_token: token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: [MESSAGES.inviteEmailMismatch] });
    const created = await db.select().from(users).where(eq(users.email, 'someone-else@client.test'));
    expect(created).toHaveLength(0);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('lets a signed-in account with the invited e-mail accept; the invite then cannot be used again', async () => {
    const client = await newClient();
    const person = await buildUser(db, { type: 'contact' });
    const stranger = await buildUser(db, { type: 'contact' });
    await invite({ customer_id: client.uuid, email: person.email });
    const { token } = await lastInviteMail(person.email);
    const wrong = await call('POST', '/api/customer-invite/accept', { token }, stranger.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(MESSAGES.inviteEmailMismatch);
    const res = await call('POST', '/api/customer-invite/accept', { token }, person.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      email: person.email,
      status: 'accepted',
      customer: { uuid: client.uuid, business_name: client.businessName },
    });
    expect((await clientContacts(client.uuid)).map((c) => c.email)).toEqual([person.email]);
    const again = await call('POST', '/api/customer-invite/accept', { token }, person.token);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(MESSAGES.inviteInvalid);
    const anonymous = await app.inject({ method: 'POST', url: '/api/customer-invite/accept', payload: { token } });
    expect(anonymous.statusCode).toBe(401);
  });
});
