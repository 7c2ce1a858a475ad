import { MESSAGES } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { contacts, customers, requests, tasks, timeLogs, users } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';

/** Bulk update/delete of requests, time logs, clients and contacts: each row gets its single-row call's rules. */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let world: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const events: DomainEvent[] = [];

beforeAll(async () => {
  world = await getTestApp();
  actors = await buildActors(world.db);
  plan = await buildPlan(world.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  world.app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => world.close());

const post = (url: string, payload: object, token = actors.admin.token) =>
  world.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });

async function buildRequest(values: Partial<typeof requests.$inferInsert> = {}) {
  const [row] = await world.db
    .insert(requests)
    .values({ projectId: plan.id, subject: 'Bulk request', status: 'new', ...values })
    .returning();
  if (!row) {
    throw new Error('request not created');
  }
  return row;
}

async function buildLog(userId: number, values: Partial<typeof timeLogs.$inferInsert> = {}) {
  const [task] = await world.db.insert(tasks).values({ projectId: plan.id, title: 'Logged task' }).returning();
  const [row] = await world.db
    .insert(timeLogs)
    .values({
      taskId: task?.id,
      userId,
      date: '2026-11-02',
      minutes: 30,
      status: 'paused',
      description: 'Work',
      ...values,
    })
    .returning();
  if (!row) {
    throw new Error('log not created');
  }
  return row;
}

describe('requests', () => {
  it('sets the status where the rules allow; completing runs the checklist and reports its failed checks', async () => {
    const a = await buildRequest();
    const b = await buildRequest();
    const res = await post('/requests/bulk-operations/update', {
      filters: { ids: [a.uuid, b.uuid] },
      data: { status: 'completed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.updated).toBe(0);
    expect(body.failed).toHaveLength(2);
    expect(body.failed[0].message).toMatch(new RegExp(`^${MESSAGES.checklistTitle.replace(/[!,]/g, '.')}`));
    events.length = 0;
    const progress = await post('/requests/bulk-operations/update', {
      filters: { ids: [a.uuid, b.uuid] },
      data: { status: 'in_progress' },
    });
    expect(progress.json()).toMatchObject({ updated: 2, failed: [] });
    const stored = await world.db
      .select()
      .from(requests)
      .where(inArray(requests.id, [a.id, b.id]));
    expect(stored.map((r) => r.status)).toEqual(['in_progress', 'in_progress']);
    expect(events.filter((e) => e.model === 'request' && e.action === 'updated')).toHaveLength(2);
  });

  it('edits responsibles (added and removed) and the delivery date per row, refusing rows as PUT would', async () => {
    const { manager, freelancer } = actors;
    const a = await buildRequest();
    const b = await buildRequest();
    const put = await world.app.inject({
      method: 'PUT',
      url: `/api/requests/${a.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { responsibles: [manager.uuid] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await post('/requests/bulk-operations/update', {
      filters: { ids: [a.uuid, b.uuid, UNKNOWN] },
      data: { responsibles_add: [freelancer.uuid], responsibles_remove: [manager.uuid], target_date: '2026-12-24' },
    });
    expect(res.json()).toMatchObject({ updated: 2, failed: [{ uuid: UNKNOWN, message: MESSAGES.resourceNotFound }] });
    for (const row of [a, b]) {
      const shown = (
        await world.app.inject({ url: `/api/requests/${row.uuid}`, headers: bearer(actors.admin.token) })
      ).json().data;
      expect(shown.target_date).toBe('2026-12-24');
      expect(
        shown.related_users
          .filter((p: { pivot: string }) => p.pivot === 'responsible')
          .map((p: { uuid: string }) => p.uuid),
      ).toEqual([freelancer.uuid]);
    }

    const gone = await buildUser(world.db, { status: 'inactive' });
    const refused = await post('/requests/bulk-operations/update', {
      filters: { ids: [a.uuid] },
      data: { responsibles_add: [gone.uuid] },
    });
    expect(refused.json()).toMatchObject({
      updated: 0,
      failed: [{ uuid: a.uuid, message: MESSAGES.unknownReference }],
    });
  });

  it('discards drafts only, reporting the others as DELETE requests/{uuid} would', async () => {
    const draft = await buildRequest({ status: 'draft' });
    const submitted = await buildRequest({ status: 'new' });
    const res = await post('/requests/bulk-operations/delete', { filters: { ids: [draft.uuid, submitted.uuid] } });
    expect(res.json()).toEqual({
      message: MESSAGES.deleted,
      deleted: 1,
      failed: [{ uuid: submitted.uuid, message: MESSAGES.onlyDraftsDiscarded }],
    });
  });

  it('_all with the list filters (status, project) deletes exactly the listed drafts', async () => {
    const otherPlan = await buildPlan(world.db);
    const listed = await buildRequest({ status: 'draft' });
    const elsewhere = await buildRequest({ status: 'draft', projectId: otherPlan.id });
    const res = await post('/requests/bulk-operations/delete', {
      filters: { _all: true, 'projects_requests.status': ['draft'], 'project.uuid': [plan.uuid] },
    });
    expect(res.json()).toMatchObject({ failed: [] });
    const left = await world.db
      .select()
      .from(requests)
      .where(inArray(requests.id, [listed.id, elsewhere.id]));
    expect(left.map((r) => r.uuid)).toEqual([elsewhere.uuid]);
  });

  it('refuses freelancers, who never change a request status (403)', async () => {
    const res = await post(
      '/requests/bulk-operations/update',
      { filters: { ids: [UNKNOWN] }, data: { status: 'approved' } },
      actors.freelancer.token,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('time logs', () => {
  it("lets a freelancer complete their own paused timers; others' logs are not found, empty ones refused", async () => {
    const own = await buildLog(actors.freelancer.id);
    const empty = await buildLog(actors.freelancer.id, { minutes: 0 });
    const someoneElses = await buildLog(actors.manager.id);
    const res = await post(
      '/time-log/bulk-operations/update',
      { filters: { ids: [own.uuid, empty.uuid, someoneElses.uuid] }, data: { status: 'completed' } },
      actors.freelancer.token,
    );
    expect(res.json()).toEqual({
      message: MESSAGES.changesUpdated,
      updated: 1,
      failed: [
        { uuid: empty.uuid, message: MESSAGES.timeAboveZero },
        { uuid: someoneElses.uuid, message: MESSAGES.resourceNotFound },
      ],
    });
    const [stored] = await world.db.select().from(timeLogs).where(eq(timeLogs.id, own.id));
    expect(stored?.status).toBe('completed');
  });

  it('deletes with TIMELOG_DESTROY through _all and the user filter, announcing each log', async () => {
    const person = await buildUser(world.db, { type: 'regular_user' });
    const mine = [await buildLog(person.id), await buildLog(person.id)];
    const other = await buildLog(actors.manager.id);
    events.length = 0;
    const res = await post('/time-log/bulk-operations/delete', {
      filters: { _all: true, 'user.uuid': [person.uuid] },
    });
    expect(res.json()).toMatchObject({ deleted: 2, failed: [] });
    const left = await world.db
      .select()
      .from(timeLogs)
      .where(inArray(timeLogs.id, [...mine.map((l) => l.id), other.id]));
    expect(left.map((l) => l.id)).toEqual([other.id]);
    expect(events.filter((e) => e.model === 'timelog' && e.action === 'deleted')).toHaveLength(2);
  });
});

describe('clients', () => {
  it('deletes clients without plans and keeps (and reports) one that still has plans', async () => {
    const free = await buildCustomer(world.db);
    const withPlans = await buildCustomer(world.db);
    await buildPlan(world.db, { customerId: withPlans.id });
    events.length = 0;
    const res = await post('/customers/bulk-operations/delete', { filters: { ids: [free.uuid, withPlans.uuid] } });
    expect(res.json()).toEqual({
      message: MESSAGES.deleted,
      deleted: 1,
      failed: [{ uuid: withPlans.uuid, message: MESSAGES.customerHasPlans }],
    });
    expect(events).toContainEqual(expect.objectContaining({ model: 'customer', action: 'deleted', id: free.uuid }));
  });

  it('sets the status of every client a search matches (_all + search_term)', async () => {
    const a = await buildCustomer(world.db, { businessName: 'Zebra Bulk One' });
    const b = await buildCustomer(world.db, { businessName: 'Zebra Bulk Two' });
    const c = await buildCustomer(world.db, { businessName: 'Other Bulk' });
    const res = await post('/customers/bulk-operations/update', {
      filters: { _all: true },
      search_term: 'zebra bulk',
      data: { status: 'inactive' },
    });
    expect(res.json()).toMatchObject({ updated: 2, failed: [] });
    const stored = await world.db
      .select()
      .from(customers)
      .where(inArray(customers.id, [a.id, b.id, c.id]));
    expect(Object.fromEntries(stored.map((r) => [r.businessName, r.status]))).toEqual({
      'Zebra Bulk One': 'inactive',
      'Zebra Bulk Two': 'inactive',
      'Other Bulk': 'active',
    });
  });
});

describe('contacts', () => {
  it('deactivates people (their login too) but never lets the caller delete themselves', async () => {
    const person = await buildUser(world.db, { type: 'freelancer' });
    const res = await post('/contacts/bulk-operations/update', {
      filters: { ids: [person.contactUuid] },
      data: { status: 'inactive' },
    });
    expect(res.json()).toMatchObject({ updated: 1, failed: [] });
    const [login] = await world.db.select().from(users).where(eq(users.id, person.id));
    expect(login?.status).toBe('inactive');
    // The deactivated person's session ended with the change.
    const after = await world.app.inject({ url: '/api/user', headers: bearer(person.token) });
    expect(after.statusCode).toBe(401);

    const other = await buildUser(world.db, { type: 'contact' });
    const removal = await post('/contacts/bulk-operations/delete', {
      filters: { ids: [other.contactUuid, actors.admin.contactUuid] },
    });
    expect(removal.json()).toEqual({
      message: MESSAGES.deleted,
      deleted: 1,
      failed: [{ uuid: actors.admin.contactUuid, message: MESSAGES.cannotDeleteSelf }],
    });
    expect(await world.db.select().from(contacts).where(eq(contacts.uuid, other.contactUuid))).toEqual([]);
  });

  it('refuses a status change to someone without CONTACTS_UPDATE, row by row', async () => {
    const person = await buildUser(world.db, { type: 'contact' });
    const res = await post(
      '/contacts/bulk-operations/update',
      { filters: { ids: [person.contactUuid] }, data: { status: 'inactive' } },
      actors.freelancer.token,
    );
    expect(res.json()).toEqual({
      message: MESSAGES.changesUpdated,
      updated: 0,
      failed: [{ uuid: person.contactUuid, message: MESSAGES.forbidden }],
    });
  });
});
