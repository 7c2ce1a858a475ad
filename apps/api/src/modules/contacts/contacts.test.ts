import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildRole, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { customers, mailOutbox, roles } from '../../db/schema';
import { DEMO_ROLES } from '../../seed/roles';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;
let mailbox: Awaited<ReturnType<typeof getTestApp>>['mailbox'];

beforeAll(async () => {
  ({ app, close, db, mailbox } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Admin Person' });
});
afterAll(() => close());

let seq = 0;
async function newClient(name = `Client ${++seq} ${Date.now()}`) {
  const [row] = await db.insert(customers).values({ businessName: name }).returning();
  if (!row) {
    throw new Error('client not created');
  }
  return row;
}
async function roleUuid(id: number) {
  const [row] = await db.select({ uuid: roles.uuid }).from(roles).where(eq(roles.id, id));
  return row?.uuid ?? '';
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createContact(payload: object, token = admin.token) {
  const res = await call(token, 'POST', '/api/contacts', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('GET /api/contacts', () => {
  it("lists a client's contacts with their clients, login and roles, filtered and searched", async () => {
    const client = await newClient();
    const other = await newClient();
    const role = await buildRole(db, ['TASKS_READ']);
    const a = await createContact({
      name: 'Ada Lovelace',
      email: 'ada@client.test',
      job_title: 'Head of Analytics',
      type: 'contact',
      customers: [client.uuid, other.uuid],
    });
    const b = await createContact({
      name: 'Bob Staff',
      email: 'bob-staff@agency.test',
      type: 'regular_user',
      customers: [client.uuid],
      roles: [await roleUuid(role)],
    });
    await createContact({ name: 'Carl Elsewhere', type: 'contact', customers: [other.uuid] });

    const res = await call(admin.token, 'GET', `/api/contacts?page[size]=300&filters[customer_id]=${client.uuid}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, current_page: 1, last_page: 1, per_page: 300 });
    expect(body.data.map((c: { uuid: string }) => c.uuid)).toEqual([a.uuid, b.uuid]);
    expect(body.data[0].customers).toHaveLength(2);
    expect(body.data[0].user).toBeNull();
    expect(body.data[1].user).toEqual({ uuid: expect.any(String) });
    expect(body.data[1].roles).toEqual([{ uuid: await roleUuid(role), name: expect.any(String) }]);

    const search = await call(admin.token, 'GET', '/api/contacts?search_term=analytics');
    expect(search.json().data.map((c: { uuid: string }) => c.uuid)).toEqual([a.uuid]);
    const typed = await call(
      admin.token,
      'GET',
      `/api/contacts?filters[customer_id]=${client.uuid}&filters[type][]=regular_user&filters[status][]=active`,
    );
    expect(typed.json().data.map((c: { uuid: string }) => c.uuid)).toEqual([b.uuid]);
    const sorted = await call(
      admin.token,
      'GET',
      `/api/contacts?filters[customer_id]=${client.uuid}&sort[by]=name&sort[direction]=desc&page[size]=1`,
    );
    expect(sorted.json().data[0].uuid).toBe(b.uuid);
    expect(sorted.json().meta.last_page).toBe(2);
  });

  it('refuses malformed filters and page sizes with 422, never a 500', async () => {
    for (const url of [
      '/api/contacts?page[size]=5000',
      '/api/contacts?page[size]=abc',
      '/api/contacts?filters[status][]=bogus',
      '/api/contacts?filters[customer_id]=not-a-uuid',
      '/api/contacts?sort[by]=password',
    ]) {
      const res = await call(admin.token, 'GET', url);
      expect(res.statusCode, url).toBe(422);
    }
  });
});

describe('GET /api/contacts/:uuid', () => {
  it('lets anyone on staff read their own contact (the Profile page) but needs CONTACTS_READ for others', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer' });
    const own = await call(freelancer.token, 'GET', `/api/contacts/${freelancer.contactUuid}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      uuid: freelancer.contactUuid,
      type: 'freelancer',
      email: freelancer.email,
    });
    const other = await call(freelancer.token, 'GET', `/api/contacts/${admin.contactUuid}`);
    expect(other.statusCode).toBe(403);
  });

  it('answers 404 for an unknown uuid and 422 for a malformed one', async () => {
    expect((await call(admin.token, 'GET', '/api/contacts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(admin.token, 'GET', '/api/contacts/nope')).statusCode).toBe(422);
  });
});

describe('POST /api/contacts', () => {
  it('gives a staff member a login and mails a set-password link that works', async () => {
    const contact = await createContact({
      name: 'Nina New',
      email: 'Nina.New@Agency.test',
      type: 'regular_user',
      job_title: 'Designer',
    });
    expect(contact).toMatchObject({ email: 'nina.new@agency.test', type: 'regular_user', status: 'active' });
    expect(contact.user).not.toBeNull();
    const mail = mailbox.lastTo('nina.new@agency.test');
    expect(mail?.subject).toBe('Welcome to Agency Portal — set your password');
    const match = mail?.text.match(/http:\/\/portal\.test\/reset\?token=([^&\s]+)&email=([^\s]+)/);
    expect(match).toBeTruthy();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: decodeURIComponent(match?.[1] ?? ''),
        email: 'nina.new@agency.test',
        password: 'nina-chooses-this',
        password_confirmation: 'nina-chooses-this',
      },
    });
    expect(reset.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nina.new@agency.test', password: 'nina-chooses-this' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('creates a client contact without a login and without mail', async () => {
    const contact = await createContact({ name: 'Cleo Client', email: 'cleo@client.test', type: 'contact' });
    expect(contact.user).toBeNull();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'cleo@client.test'));
    expect(mails).toHaveLength(0);
  });

  it('refuses the e-mail of an existing login', async () => {
    const res = await call(admin.token, 'POST', '/api/contacts', {
      name: 'Copy',
      email: admin.email,
      type: 'freelancer',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: MESSAGES.emailTaken, errors: { email: [MESSAGES.emailTaken] } });
  });

  it('validates: name required, e-mail pattern, roles only for staff, unknown clients and roles', async () => {
    const missing = await call(admin.token, 'POST', '/api/contacts', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ name: [MESSAGES.required], type: [MESSAGES.required] });
    const badEmail = await call(admin.token, 'POST', '/api/contacts', { name: 'X', email: 'nope', type: 'contact' });
    expect(badEmail.json().errors).toEqual({ email: [MESSAGES.invalidEmail] });
    const role = await roleUuid(await buildRole(db, ['TASKS_READ']));
    const clientRoles = await call(admin.token, 'POST', '/api/contacts', {
      name: 'X',
      email: 'x-client@client.test',
      type: 'contact',
      roles: [role],
    });
    expect(clientRoles.json().errors).toEqual({ roles: [MESSAGES.rolesOnlyForStaff] });
    const unknownClient = await call(admin.token, 'POST', '/api/contacts', {
      name: 'X',
      type: 'contact',
      customers: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownClient.statusCode).toBe(422);
    expect(unknownClient.json().errors).toEqual({ customers: [MESSAGES.unknownReference] });
    const unknownRole = await call(admin.token, 'POST', '/api/contacts', {
      name: 'X',
      email: 'x-staff@agency.test',
      type: 'regular_user',
      roles: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownRole.json().errors).toEqual({ roles: [MESSAGES.unknownReference] });
  });

  it('does not let a role administrator hand out a role with permissions they lack', async () => {
    const manager = await buildUser(db, { permissions: [...(DEMO_ROLES.Manager?.permissions ?? []), 'ROLES_UPDATE'] });
    const everything = await roleUuid(await buildRole(db, PERMISSIONS));
    const res = await call(manager.token, 'POST', '/api/contacts', {
      name: 'Sneaky',
      email: 'sneaky@agency.test',
      type: 'regular_user',
      roles: [everything],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ roles: [MESSAGES.roleAboveOwn] });
  });
});

describe('PUT /api/contacts/:uuid', () => {
  it('refuses turning both e-mail and SMS off, with the spec text on preferences', async () => {
    const contact = await createContact({ name: 'Pref Person', type: 'contact' });
    const off = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, {
      preferences: { email_notifications: '0', sms_notifications: '0' },
    });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({
      message: MESSAGES.channelRequired,
      errors: { preferences: [MESSAGES.channelRequired] },
    });
    // sms was never set (null): turning e-mail off alone leaves no channel either.
    const emailOnly = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, {
      preferences: { email_notifications: '0' },
    });
    expect(emailOnly.json().errors).toEqual({ preferences: [MESSAGES.channelRequired] });
    const sms = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, {
      preferences: { email_notifications: '0', sms_notifications: '1' },
    });
    expect(sms.statusCode).toBe(200);
    expect(sms.json().data.preferences).toEqual({
      email_notifications: '0',
      sms_notifications: '1',
      push_notifications: '1',
    });
    const bad = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, { preferences: 'x' });
    expect(bad.statusCode).toBe(422);
  });

  it('replaces the set of clients with customers and attaches one more with customer_id', async () => {
    const [c1, c2, c3] = [await newClient(), await newClient(), await newClient()];
    const contact = await createContact({ name: 'Many Clients', type: 'contact', customers: [c1.uuid] });
    const replaced = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, { customers: [c2.uuid] });
    expect(replaced.json().data.customers.map((c: { uuid: string }) => c.uuid)).toEqual([c2.uuid]);
    const attached = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, { customer_id: c3.uuid });
    expect(
      attached
        .json()
        .data.customers.map((c: { uuid: string }) => c.uuid)
        .sort(),
    ).toEqual([c2.uuid, c3.uuid].sort());
    const unknown = await call(admin.token, 'PUT', `/api/contacts/${contact.uuid}`, {
      customer_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ customer_id: [MESSAGES.unknownReference] });
  });

  it('signs a deactivated user out at once, even with a cached session', async () => {
    const user = await buildUser(db, { permissions: ['DASHBOARD_READ'] });
    expect((await call(user.token, 'GET', '/api/user')).statusCode).toBe(200);
    const res = await call(admin.token, 'PUT', `/api/contacts/${user.contactUuid}`, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect((await call(user.token, 'GET', '/api/user')).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'correct horse battery staple' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('ends the sessions of a person whose roles change; their next sign-in has the new roles', async () => {
    const user = await buildUser(db, { type: 'freelancer' });
    expect((await call(user.token, 'GET', '/api/contacts')).statusCode).toBe(403);
    const reader = await roleUuid(await buildRole(db, ['CONTACTS_READ']));
    const res = await call(admin.token, 'PUT', `/api/contacts/${user.contactUuid}`, { roles: [reader] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles.map((r: { uuid: string }) => r.uuid)).toEqual([reader]);
    expect((await call(user.token, 'GET', '/api/contacts')).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'correct horse battery staple' },
    });
    expect((await call(login.json().data.auth_token, 'GET', '/api/contacts')).statusCode).toBe(200);
  });

  it('changes the login e-mail with the contact e-mail, refusing one taken by another login', async () => {
    const user = await buildUser(db);
    const taken = await call(admin.token, 'PUT', `/api/contacts/${user.contactUuid}`, { email: admin.email });
    expect(taken.json().errors).toEqual({ email: [MESSAGES.emailTaken] });
    const res = await call(admin.token, 'PUT', `/api/contacts/${user.contactUuid}`, { email: 'moved@agency.test' });
    expect(res.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'moved@agency.test', password: 'correct horse battery staple' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets a user without CONTACTS_UPDATE edit only their own profile fields', async () => {
    const user = await buildUser(db, { type: 'freelancer' });
    const own = await call(user.token, 'PUT', `/api/contacts/${user.contactUuid}`, {
      name: 'Renamed Me',
      phone: '+1 415 555 0100',
      job_title: 'Editor',
      preferences: { push_notifications: '0' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ name: 'Renamed Me', phone: '+14155550100', job_title: 'Editor' });
    const me = await call(user.token, 'GET', '/api/user');
    expect(me.json().data.name).toBe('Renamed Me');
    const status = await call(user.token, 'PUT', `/api/contacts/${user.contactUuid}`, { type: 'regular_user' });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBe(MESSAGES.onlyOwnProfileFields);
    const other = await call(user.token, 'PUT', `/api/contacts/${admin.contactUuid}`, { name: 'Hacked' });
    expect(other.statusCode).toBe(403);
  });

  it('does not let a manager change a user who holds permissions the manager lacks', async () => {
    const manager = await buildUser(db, { permissions: DEMO_ROLES.Manager?.permissions ?? [] });
    const res = await call(manager.token, 'PUT', `/api/contacts/${admin.contactUuid}`, { email: 'mine@agency.test' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.userAboveOwn);
  });

  it('answers 404 for an unknown uuid', async () => {
    const res = await call(admin.token, 'PUT', '/api/contacts/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/contacts/:uuid', () => {
  it('deletes the contact and deactivates and signs out its login', async () => {
    const user = await buildUser(db);
    expect((await call(user.token, 'GET', '/api/user')).statusCode).toBe(200);
    const res = await call(admin.token, 'DELETE', `/api/contacts/${user.contactUuid}`);
    expect(res.statusCode).toBe(200);
    expect((await call(user.token, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await call(admin.token, 'GET', `/api/contacts/${user.contactUuid}`)).statusCode).toBe(404);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'correct horse battery staple' },
    });
    expect(login.statusCode).toBe(422);
  });

  it('refuses to delete yourself, and answers 404 for an unknown uuid', async () => {
    const self = await call(admin.token, 'DELETE', `/api/contacts/${admin.contactUuid}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(MESSAGES.cannotDeleteSelf);
    const unknown = await call(admin.token, 'DELETE', '/api/contacts/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});
