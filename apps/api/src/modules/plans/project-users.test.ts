import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contactCustomers, contacts } from '../../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

type Row = { uuid: string; name: string; status: string; type: string };
const names = (res: { json: () => { data: Row[] } }) => res.json().data.map((u) => u.name);

describe('GET /api/project-users (pickers)', () => {
  it('lists everyone with a login who is staff or a freelancer, by name, with uuid (the user’s), name, status and type', async () => {
    const zed = await buildUser(db, { name: 'Pick Zed', type: 'freelancer' });
    await buildUser(db, { name: 'pick amy' });
    await buildUser(db, { name: 'Pick Gone', status: 'inactive' });
    await buildUser(db, { name: 'Pick Client', type: 'contact' });
    const res = await app.inject({
      url: '/api/project-users?search_term=pick&page[size]=999',
      headers: bearer(actors.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['pick amy', 'Pick Gone', 'Pick Zed']);
    expect(res.json().data[2]).toEqual({ uuid: zed.uuid, name: 'Pick Zed', status: 'active', type: 'freelancer' });

    const active = await app.inject({
      url: '/api/project-users?search_term=pick&filters[auth_users.status][]=active',
      headers: bearer(actors.admin.token),
    });
    expect(names(active)).toEqual(['pick amy', 'Pick Zed']);
    const freelancers = await app.inject({
      url: '/api/project-users?search_term=pick&filters[type][]=freelancer',
      headers: bearer(actors.admin.token),
    });
    expect(names(freelancers)).toEqual(['Pick Zed']);
    const paged = await app.inject({
      url: '/api/project-users?search_term=pick&page[size]=1&page[number]=2',
      headers: bearer(actors.admin.token),
    });
    expect(paged.json().meta).toEqual({ total: 3, current_page: 2, last_page: 3, per_page: 1 });
  });

  it('is open to freelancers (task pickers) and closed to contacts', async () => {
    expect((await app.inject({ url: '/api/project-users', headers: bearer(actors.freelancer.token) })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/project-users', headers: bearer(actors.contact.token) })).statusCode).toBe(
      403,
    );
  });

  it('answers 422 for bad paging and filters', async () => {
    for (const bad of ['page[size]=0', 'page[size]=x', 'filters[auth_users.status][]=gone', 'filters[type][]=robot']) {
      const res = await app.inject({ url: `/api/project-users?${bad}`, headers: bearer(actors.admin.token) });
      expect(res.statusCode, bad).toBe(422);
    }
  });
});

describe('GET /api/projects/:uuid/users', () => {
  it("lists that plan's members only", async () => {
    const member = await buildUser(db, { name: 'Member One', type: 'freelancer' });
    await buildUser(db, { name: 'Member Not' });
    const plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [member.id] });
    const res = await app.inject({
      url: `/api/projects/${plan.uuid}/users?page[size]=50`,
      headers: bearer(actors.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((u: Row) => u.uuid)
        .sort(),
    ).toEqual([member.uuid, actors.manager.uuid].sort());
    const searched = await app.inject({
      url: `/api/projects/${plan.uuid}/users?search_term=member`,
      headers: bearer(actors.admin.token),
    });
    expect(names(searched)).toEqual(['Member One']);
  });

  it('answers 404 to a freelancer who is not on the plan, and lists it for one who is (member or manager)', async () => {
    const client = await buildCustomer(db);
    const outsider = await buildPlan(db, { customerId: client.id, projectManagerId: actors.manager.id });
    await buildClientContact('Hidden Contact', client.id);
    for (const query of ['', '?with_client_contacts=1']) {
      const res = await app.inject({
        url: `/api/projects/${outsider.uuid}/users${query}`,
        headers: bearer(actors.freelancer.token),
      });
      expect(res.statusCode, query).toBe(404);
    }
    const asMember = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
    const asManager = await buildPlan(db, { projectManagerId: actors.freelancer.id });
    for (const plan of [asMember, asManager]) {
      const res = await app.inject({
        url: `/api/projects/${plan.uuid}/users`,
        headers: bearer(actors.freelancer.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((u: Row) => u.uuid)).toContain(actors.freelancer.uuid);
    }
  });
});

/** A login whose contact belongs to this client. */
async function buildClientContact(name: string, customerId: number, status: 'active' | 'inactive' = 'active') {
  const user = await buildUser(db, { name, type: 'contact', status });
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, user.id));
  await db.insert(contactCustomers).values({ contactId: contact?.id ?? 0, customerId });
  return user;
}

describe('GET /api/projects/:uuid/users?with_client_contacts=1 (requester picker)', () => {
  it("adds the plan client's contacts with an active login to the members, and nothing else", async () => {
    const client = await buildCustomer(db);
    const member = await buildUser(db, { name: 'Cand Member', type: 'freelancer' });
    const gone = await buildUser(db, { name: 'Cand Gone Member', status: 'inactive' });
    const plan = await buildPlan(db, {
      customerId: client.id,
      projectManagerId: actors.manager.id,
      members: [member.id, gone.id],
    });
    const contact = await buildClientContact('Cand Contact', client.id);
    await buildClientContact('Cand Inactive Contact', client.id, 'inactive');
    await buildClientContact('Cand Other Client', (await buildCustomer(db)).id);
    await buildUser(db, { name: 'Cand Stranger', type: 'contact' });

    const url = `/api/projects/${plan.uuid}/users?search_term=cand&page[size]=50`;
    const withContacts = await app.inject({
      url: `${url}&with_client_contacts=1`,
      headers: bearer(actors.admin.token),
    });
    expect(withContacts.statusCode).toBe(200);
    expect(names(withContacts)).toEqual(['Cand Contact', 'Cand Gone Member', 'Cand Member']);
    expect(withContacts.json().data[0]).toEqual({
      uuid: contact.uuid,
      name: 'Cand Contact',
      status: 'active',
      type: 'contact',
    });
    // With the active filter the answer is exactly who the requests module accepts as requester.
    const picker = await app.inject({
      url: `${url}&with_client_contacts=1&filters[auth_users.status][]=active`,
      headers: bearer(actors.admin.token),
    });
    expect(names(picker)).toEqual(['Cand Contact', 'Cand Member']);
    expect(picker.json().meta.total).toBe(2);

    // The default answer (task pickers) stays the members only.
    const members = await app.inject({ url, headers: bearer(actors.admin.token) });
    expect(names(members)).toEqual(['Cand Gone Member', 'Cand Member']);
    const off = await app.inject({ url: `${url}&with_client_contacts=0`, headers: bearer(actors.admin.token) });
    expect(names(off)).toEqual(['Cand Gone Member', 'Cand Member']);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const params: { name: string; in: string; description?: string }[] =
      doc.paths['/api/projects/{uuid}/users'].get.parameters;
    const flag = params.find((p) => p.name === 'with_client_contacts');
    expect(flag).toMatchObject({ in: 'query', description: expect.stringContaining('contacts') });
  });

  it('keeps the access of the plain call: contacts 403, a personal plan of someone else 404, bad flag 422', async () => {
    const plan = await buildPlan(db, { projectManagerId: actors.manager.id });
    const contactCall = await app.inject({
      url: `/api/projects/${plan.uuid}/users?with_client_contacts=1`,
      headers: bearer(actors.contact.token),
    });
    expect(contactCall.statusCode).toBe(403);
    const owner = await buildUser(db);
    const personal = await buildPlan(db, { kind: 'personal', projectManagerId: owner.id, customerId: null });
    const hidden = await app.inject({
      url: `/api/projects/${personal.uuid}/users?with_client_contacts=1`,
      headers: bearer(actors.freelancer.token),
    });
    expect(hidden.statusCode).toBe(404);
    const bad = await app.inject({
      url: `/api/projects/${plan.uuid}/users?with_client_contacts=yes`,
      headers: bearer(actors.admin.token),
    });
    expect(bad.statusCode).toBe(422);
  });
});
