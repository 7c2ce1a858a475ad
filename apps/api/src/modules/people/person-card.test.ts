import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildActors, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contacts } from '../../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
let colleague: BuiltUser;
let otherFreelancer: BuiltUser;
let clientContact: BuiltUser;

async function profile(user: BuiltUser, values: { jobTitle?: string; phone?: string; name?: string }) {
  await db.update(contacts).set(values).where(eq(contacts.userId, user.id));
}

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
  colleague = await buildUser(db, { type: 'regular_user', name: 'Grace Hopper' });
  await profile(colleague, { jobTitle: 'Art Director', phone: '+1 212 555 0101' });
  otherFreelancer = await buildUser(db, { type: 'freelancer', name: 'Frank Lance' });
  await profile(otherFreelancer, { jobTitle: 'Illustrator', phone: '+1 212 555 0102' });
  clientContact = await buildUser(db, { type: 'contact', name: 'Clara Client' });
  await profile(clientContact, { jobTitle: 'Marketing Lead', phone: '+1 212 555 0103' });
});
afterAll(() => close());

const card = (token: string, uuid: string) =>
  app.inject({ method: 'GET', url: `/api/users/${uuid}/card`, headers: bearer(token) });

describe('GET /api/users/{uuid}/card', () => {
  it("answers a staff member's popover: name, job title, phone, e-mail and the person's page", async () => {
    const res = await card(actors.admin.token, colleague.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      uuid: colleague.uuid,
      name: 'Grace Hopper',
      job_title: 'Art Director',
      type: 'regular_user',
      status: 'active',
      email: colleague.email,
      phone: '+1 212 555 0101',
      profile_url: `/users/${colleague.contactUuid}`,
    });
  });

  it('gives a caller with CONTACTS_READ the phone and e-mail of client contacts and freelancers', async () => {
    for (const person of [clientContact, otherFreelancer]) {
      const data = (await card(actors.manager.token, person.uuid)).json().data;
      expect(data.email).toBe(person.email);
      expect(data.phone).toMatch(/^\+1 212 555/);
    }
  });

  it("shows a freelancer staff colleagues' details but keeps clients' and other freelancers' phone and e-mail back", async () => {
    const staff = (await card(actors.freelancer.token, colleague.uuid)).json().data;
    expect(staff).toMatchObject({ email: colleague.email, phone: '+1 212 555 0101', profile_url: null });

    for (const person of [clientContact, otherFreelancer]) {
      const res = await card(actors.freelancer.token, person.uuid);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ email: null, phone: null, profile_url: null });
      expect(res.json().data.name).toBeTruthy();
      expect(res.json().data.job_title).toBeTruthy();
    }
  });

  it('lets anyone read their own card with their own details and profile link', async () => {
    const data = (await card(actors.freelancer.token, actors.freelancer.uuid)).json().data;
    expect(data).toMatchObject({
      email: actors.freelancer.email,
      profile_url: `/users/${actors.freelancer.contactUuid}`,
    });
  });

  it('never answers fields outside the card (no internal ids, roles or preferences)', async () => {
    const data = (await card(actors.admin.token, colleague.uuid)).json().data;
    expect(Object.keys(data).sort()).toEqual(
      ['email', 'job_title', 'name', 'phone', 'profile_url', 'status', 'type', 'uuid'].sort(),
    );
  });

  it('answers 404 for an unknown person and 422 for a malformed uuid', async () => {
    expect((await card(actors.admin.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await card(actors.admin.token, 'not-a-uuid')).statusCode).toBe(422);
  });

  it('refuses client contacts and anonymous callers', async () => {
    expect((await card(actors.contact.token, colleague.uuid)).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'GET', url: `/api/users/${colleague.uuid}/card` });
    expect(anonymous.statusCode).toBe(401);
  });
});
