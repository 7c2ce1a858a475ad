import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { contactCustomers, contacts, uploads } from '../../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const asAdmin = () => bearer(actors.admin.token);
const list = (query: string) => app.inject({ url: `/api/customers?${query}`, headers: asAdmin() });

describe('GET /api/customers', () => {
  it('lists clients by business name with plan and contact counts, filtered by status and search term', async () => {
    const tag = 'zeta-list';
    const active = await buildCustomer(db, { businessName: `B ${tag} Bakery`, abbreviation: 'BB' });
    await buildCustomer(db, { businessName: `a ${tag} Dental`, email: 'hello@dental.test' });
    await buildCustomer(db, { businessName: `C ${tag} Closed`, status: 'inactive' });
    await buildPlan(db, { customerId: active.id });
    await buildPlan(db, { customerId: active.id, status: 'completed' });
    const [person] = await db.insert(contacts).values({ name: 'Pat', type: 'contact' }).returning();
    await db.insert(contactCustomers).values({ contactId: person?.id ?? 0, customerId: active.id });

    const res = await list(`search_term=${tag}&page[size]=999`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((c: { business_name: string }) => c.business_name)).toEqual([
      `a ${tag} Dental`,
      `B ${tag} Bakery`,
      `C ${tag} Closed`,
    ]);
    expect(body.data[1]).toMatchObject({ abbreviation: 'BB', plans_count: 2, contacts_count: 1, status: 'active' });
    expect(body.meta).toEqual({ total: 3, current_page: 1, last_page: 1, per_page: 999 });

    const onlyActive = await list(`search_term=${tag}&filters[status][]=active`);
    expect(onlyActive.json().data).toHaveLength(2);
    const byEmail = await list('search_term=hello@dental');
    expect(byEmail.json().data.map((c: { business_name: string }) => c.business_name)).toEqual([`a ${tag} Dental`]);
    const byAbbreviation = await list(`search_term=BB`);
    expect(byAbbreviation.json().data.some((c: { uuid: string }) => c.uuid === active.uuid)).toBe(true);
    const descending = await list(`search_term=${tag}&sort[by]=business_name&sort[direction]=desc`);
    expect(descending.json().data[0].business_name).toBe(`C ${tag} Closed`);
    const byStatus = await list(`search_term=${tag}&sort[by]=status&sort[direction]=desc`);
    expect(byStatus.json().data[0].status).toBe('inactive');
  });

  it('pages with meta and refuses page sizes out of range or malformed filters with 422', async () => {
    for (let i = 0; i < 3; i++) {
      await buildCustomer(db, { businessName: `Paged ${i}` });
    }
    const page = await list('search_term=Paged&page[size]=2&page[number]=2');
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta).toEqual({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    const beyond = await list('search_term=Paged&page[size]=2&page[number]=9');
    expect(beyond.json()).toMatchObject({ data: [], meta: { total: 3, current_page: 9, last_page: 2 } });
    for (const bad of ['page[size]=0', 'page[size]=abc', 'page[size]=5000', 'filters[status][]=gone', 'sort[by]=x']) {
      expect((await list(bad)).statusCode, bad).toBe(422);
    }
  });

  it('is refused to freelancers and client contacts', async () => {
    for (const actor of [actors.freelancer, actors.contact]) {
      const res = await app.inject({ url: '/api/customers', headers: bearer(actor.token) });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('client details, create, autosave and delete', () => {
  it('creates a client active by default and answers every field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: asAdmin(),
      payload: { business_name: '  Harbor Dental  ', abbreviation: 'HD', email: '', website: 'https://harbor.test' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      business_name: 'Harbor Dental',
      status: 'active',
      abbreviation: 'HD',
      email: null,
      website: 'https://harbor.test',
      uploads: [],
    });
    const fetched = await app.inject({ url: `/api/customers/${data.uuid}`, headers: asAdmin() });
    expect(fetched.json().data).toEqual(data);
  });

  it("requires the Company Name ('This field is required') and checks e-mail and status", async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/customers', headers: asAdmin(), payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: MESSAGES.required,
      errors: { business_name: [MESSAGES.required] },
    });
    const blank = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: asAdmin(),
      payload: { business_name: '   ' },
    });
    expect(blank.json().errors.business_name).toEqual([MESSAGES.required]);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: asAdmin(),
      payload: { business_name: 'X', email: 'not-an-email', status: 'closed' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'status']);
  });

  it('saves only the fields sent (autosave) and replaces the uploads referenced in the notes', async () => {
    const customer = await buildCustomer(db, { businessName: 'Autosave Co', phone: '555-0100' });
    const [one, two] = await db
      .insert(uploads)
      .values([
        { name: 'a.png', extension: 'png', url: 'files/a.png', stated: true, createdById: actors.admin.id },
        { name: 'b.png', extension: 'png', url: 'files/b.png', stated: true, createdById: actors.admin.id },
      ])
      .returning();
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/customers/${customer.uuid}`, headers: asAdmin(), payload });

    const notes = await put({
      notes: 'See image',
      notes_delta: { ops: [{ insert: 'See image' }] },
      uploads: [one?.uuid],
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.json().data).toMatchObject({
      business_name: 'Autosave Co',
      phone: '555-0100',
      notes: 'See image',
      notes_delta: { ops: [{ insert: 'See image' }] },
    });
    expect(notes.json().data.uploads.map((u: { uuid: string }) => u.uuid)).toEqual([one?.uuid]);

    const status = await put({ status: 'inactive', uploads: [two?.uuid] });
    expect(status.json().data).toMatchObject({ status: 'inactive', notes: 'See image', phone: '555-0100' });
    expect(status.json().data.uploads.map((u: { uuid: string }) => u.uuid)).toEqual([two?.uuid]);

    const unknown = await put({ uploads: [UNKNOWN] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ uploads: [MESSAGES.unknownReference] });
    const emptyName = await put({ business_name: '' });
    expect(emptyName.json().errors).toEqual({ business_name: [MESSAGES.required] });
  });

  it('answers 404 for an unknown client and 422 for a malformed uuid, never 500', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { status: 'active' } : undefined;
      const unknown = await app.inject({ method, url: `/api/customers/${UNKNOWN}`, headers: asAdmin(), payload });
      expect(unknown.statusCode, method).toBe(404);
      const malformed = await app.inject({ method, url: '/api/customers/not-a-uuid', headers: asAdmin(), payload });
      expect(malformed.statusCode, method).toBe(422);
    }
  });

  it('refuses to delete a client that still has plans, and deletes one without', async () => {
    const withPlan = await buildCustomer(db);
    await buildPlan(db, { customerId: withPlan.id });
    const refused = await app.inject({ method: 'DELETE', url: `/api/customers/${withPlan.uuid}`, headers: asAdmin() });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.customerHasPlans);

    const empty = await buildCustomer(db);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/customers/${empty.uuid}`, headers: asAdmin() });
    expect(deleted.statusCode).toBe(200);
    const gone = await app.inject({ url: `/api/customers/${empty.uuid}`, headers: asAdmin() });
    expect(gone.statusCode).toBe(404);
  });

  it('needs the matching CUSTOMERS_* permission for each call', async () => {
    const reader = await buildUser(db, { permissions: ['CUSTOMERS_READ'] });
    const customer = await buildCustomer(db);
    const headers = bearer(reader.token);
    expect((await app.inject({ url: `/api/customers/${customer.uuid}`, headers })).statusCode).toBe(200);
    const create = await app.inject({
      method: 'POST',
      url: '/api/customers',
      headers,
      payload: { business_name: 'X' },
    });
    expect(create.statusCode).toBe(403);
    const update = await app.inject({
      method: 'PUT',
      url: `/api/customers/${customer.uuid}`,
      headers,
      payload: { status: 'inactive' },
    });
    expect(update.statusCode).toBe(403);
    const remove = await app.inject({ method: 'DELETE', url: `/api/customers/${customer.uuid}`, headers });
    expect(remove.statusCode).toBe(403);
  });
});
