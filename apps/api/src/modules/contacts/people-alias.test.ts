import { PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let admin: BuiltUser;
let worker: BuiltUser;
let freelancer: BuiltUser;

beforeAll(async () => {
  const built = await getTestApp();
  ({ app, close } = built);
  admin = await buildUser(built.db, { permissions: PERMISSIONS, name: 'Alias Admin' });
  // Neither holds CONTACTS_UPDATE: only their own profile fields are theirs to change.
  worker = await buildUser(built.db, { permissions: ['TASKS_READ'], name: 'Alias Worker' });
  freelancer = await buildUser(built.db, { type: 'freelancer', name: 'Alias Freelancer' });
});
afterAll(() => close());

const put = (token: string, url: string, payload: object) =>
  app.inject({ method: 'PUT', url, headers: bearer(token), payload });

describe('PUT /api/people/:uuid (doc 2 §7, the alias of PUT contacts/{uuid})', () => {
  it('saves one’s own SMS phone and preference and answers the same contact as PUT contacts', async () => {
    const body = { phone: '+12025550143', preferences: { sms_notifications: '1' } };
    const res = await put(freelancer.token, `/api/people/${freelancer.contactUuid}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ uuid: freelancer.contactUuid, phone: '+12025550143' });
    expect(res.json().data.preferences.sms_notifications).toBe('1');

    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(freelancer.token) });
    expect(me.json().data.preferences.sms_notifications).toBe('1');

    // Declining with no earlier choice is '0' (the sign-up prompt's No thanks).
    const declined = await put(worker.token, `/api/people/${worker.contactUuid}`, {
      preferences: { sms_notifications: '0' },
    });
    expect(declined.statusCode).toBe(200);
    const viaContacts = await app.inject({
      method: 'GET',
      url: `/api/contacts/${worker.contactUuid}`,
      headers: bearer(worker.token),
    });
    expect(viaContacts.json().data).toEqual(declined.json().data);
  });

  it('applies the same rules as PUT contacts: someone else’s profile needs CONTACTS_UPDATE, bad phones are 422', async () => {
    const foreign = await put(worker.token, `/api/people/${freelancer.contactUuid}`, { phone: '+12025550199' });
    expect(foreign.statusCode).toBe(403);
    const sameViaContacts = await put(worker.token, `/api/contacts/${freelancer.contactUuid}`, {
      phone: '+12025550199',
    });
    expect(sameViaContacts.statusCode).toBe(403);

    const badPhone = await put(worker.token, `/api/people/${worker.contactUuid}`, { phone: '555-0143' });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.phone).toBeDefined();

    // Fields beyond one's own profile stay out of reach through the alias too.
    const promote = await put(worker.token, `/api/people/${worker.contactUuid}`, { status: 'inactive' });
    expect(promote.statusCode).toBe(403);

    const byAdmin = await put(admin.token, `/api/people/${freelancer.contactUuid}`, { phone: '+12025550199' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.phone).toBe('+12025550199');

    const unknown = await put(admin.token, '/api/people/00000000-0000-4000-8000-000000000000', { phone: null });
    expect(unknown.statusCode).toBe(404);
  });
});
