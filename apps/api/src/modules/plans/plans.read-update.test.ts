import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

/** Existing plans: GET /api/projects and /lite (order, filters, personal plans, paging), GET and PUT /api/projects/:uuid. */

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
const titles = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((p) => p.title);

describe('GET /api/projects and /api/projects/lite', () => {
  it('shows active plans by default, active first then by title regardless of case', async () => {
    const tag = 'orderq';
    const customer = await buildCustomer(db);
    for (const [title, status] of [
      [`b ${tag}`, 'active'],
      [`A ${tag}`, 'active'],
      [`0 ${tag} paused`, 'paused'],
      [`C ${tag} done`, 'completed'],
    ] as const) {
      await buildPlan(db, { title, status, customerId: customer.id });
    }
    const byDefault = await app.inject({ url: `/api/projects/lite?search_term=${tag}`, headers: asAdmin() });
    expect(byDefault.statusCode).toBe(200);
    expect(titles(byDefault)).toEqual([`A ${tag}`, `b ${tag}`]);

    const several = await app.inject({
      url: `/api/projects?search_term=${tag}&filters[projects.status][]=paused&filters[projects.status][]=active&filters[projects.status][]=completed`,
      headers: asAdmin(),
    });
    expect(titles(several)).toEqual([`A ${tag}`, `b ${tag}`, `0 ${tag} paused`, `C ${tag} done`]);
    const byStatus = await app.inject({
      url: `/api/projects?search_term=${tag}&filters[status][]=paused`,
      headers: asAdmin(),
    });
    expect(titles(byStatus)).toEqual([`0 ${tag} paused`]);
  });

  it('filters by client (customer_id or customer), project type and search on the client name', async () => {
    const customer = await buildCustomer(db, { businessName: 'Seaside Realty Filters' });
    const other = await buildCustomer(db);
    await buildPlan(db, { title: 'Realty retainer', customerId: customer.id });
    await buildPlan(db, { title: 'Realty hosting', customerId: customer.id, planType: 'hosting' });
    await buildPlan(db, { title: 'Someone else', customerId: other.id });

    for (const key of ['customer_id', 'customer']) {
      const res = await app.inject({
        url: `/api/projects?page[size]=300&filters[${key}]=${customer.uuid}`,
        headers: asAdmin(),
      });
      expect(titles(res).sort(), key).toEqual(['Realty hosting', 'Realty retainer']);
    }
    const hosting = await app.inject({
      url: `/api/projects?filters[customer]=${customer.uuid}&filters[project_type][]=hosting`,
      headers: asAdmin(),
    });
    expect(titles(hosting)).toEqual(['Realty hosting']);
    const byClientName = await app.inject({ url: '/api/projects/lite?search_term=seaside realty', headers: asAdmin() });
    expect(titles(byClientName)).toEqual(['Realty hosting', 'Realty retainer']);
    expect(byClientName.json().data[0].customer).toEqual({
      uuid: customer.uuid,
      business_name: 'Seaside Realty Filters',
    });
    const unknown = await app.inject({ url: `/api/projects?filters[customer]=${UNKNOWN}`, headers: asAdmin() });
    expect(unknown.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('leaves personal plans out unless with_personal, and then shows only the caller’s own', async () => {
    const mine = await buildPlan(db, {
      title: 'Personal mine',
      kind: 'personal',
      projectManagerId: actors.admin.id,
      customerId: null,
    });
    await buildPlan(db, {
      title: 'Personal theirs',
      kind: 'personal',
      projectManagerId: actors.manager.id,
      customerId: null,
    });
    const without = await app.inject({ url: '/api/projects/lite?search_term=Personal', headers: asAdmin() });
    expect(titles(without)).toEqual([]);
    const withPersonal = await app.inject({
      url: '/api/projects/lite?search_term=Personal&with_personal=1',
      headers: asAdmin(),
    });
    expect(titles(withPersonal)).toEqual(['Personal mine']);
    expect(withPersonal.json().data[0]).toMatchObject({ kind: 'personal', customer: null });
    const othersPlan = await app.inject({ url: `/api/projects/${mine.uuid}`, headers: bearer(actors.manager.token) });
    expect(othersPlan.statusCode).toBe(404);
  });

  it('pages with meta (default 50, up to the selector size) and answers 422 for bad paging or filters', async () => {
    const customer = await buildCustomer(db);
    for (let i = 0; i < 3; i++) {
      await buildPlan(db, { title: `Paging plan ${i}`, customerId: customer.id });
    }
    const first = await app.inject({ url: `/api/projects?filters[customer]=${customer.uuid}`, headers: asAdmin() });
    expect(first.json().meta).toEqual({ total: 3, current_page: 1, last_page: 1, per_page: 50 });
    const second = await app.inject({
      url: `/api/projects?filters[customer]=${customer.uuid}&page[size]=2&page[number]=2`,
      headers: asAdmin(),
    });
    expect(titles(second)).toEqual(['Paging plan 2']);
    expect(second.json().meta).toEqual({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    for (const bad of [
      'page[size]=0',
      'page[size]=-1',
      'page[size]=abc',
      'page[size]=100000',
      'filters[status][]=unknown',
      'filters[customer]=nope',
      'with_personal=maybe',
    ]) {
      const res = await app.inject({ url: `/api/projects/lite?${bad}`, headers: asAdmin() });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('is for regular users with PROJECTS_READ', async () => {
    for (const actor of [actors.freelancer, actors.contact]) {
      expect((await app.inject({ url: '/api/projects/lite', headers: bearer(actor.token) })).statusCode).toBe(403);
    }
  });
});

describe('GET and PUT /api/projects/:uuid', () => {
  it('answers the plan with client, type and manager', async () => {
    const customer = await buildCustomer(db, { businessName: 'Detail Client' });
    const plan = await buildPlan(db, {
      customerId: customer.id,
      projectManagerId: actors.manager.id,
      startDate: '2026-01-05',
    });
    const res = await app.inject({ url: `/api/projects/${plan.uuid}`, headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: plan.uuid,
      kind: 'other',
      is_retainer: true,
      status: 'active',
      customer: { uuid: customer.uuid, business_name: 'Detail Client' },
      plan_type: { name: 'retainer', display_name: 'Retainer' },
      refill: 600,
      project_manager: { uuid: actors.manager.uuid },
      start_date: '2026-01-05',
      time_report: true,
    });
  });

  it('updates the fields sent, replaces members (user uuids) and keeps the manager a member', async () => {
    const plan = await buildPlan(db, { projectManagerId: actors.manager.id });
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/projects/${plan.uuid}`, headers: asAdmin(), payload });
    const res = await put({ title: 'Renamed', status: 'paused', refill: '2:30', members: [actors.freelancer.uuid] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Renamed', status: 'paused', refill: 150 });
    const members = await app.inject({ url: `/api/projects/${plan.uuid}/users`, headers: asAdmin() });
    expect(
      members
        .json()
        .data.map((u: { uuid: string }) => u.uuid)
        .sort(),
    ).toEqual([actors.manager.uuid, actors.freelancer.uuid].sort());

    const newManager = await put({ project_manager_id: actors.admin.uuid });
    expect(newManager.json().data.project_manager.uuid).toBe(actors.admin.uuid);
    const after = await app.inject({ url: `/api/projects/${plan.uuid}/users`, headers: asAdmin() });
    expect(after.json().meta.total).toBe(3);

    const bad = await put({
      refill: 'soon',
      members: [actors.contact.uuid],
      project_manager_id: actors.contact.uuid,
      title: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ title: [MESSAGES.required] });
    const badRefs = await put({
      refill: 'soon',
      members: [actors.contact.uuid],
      project_manager_id: actors.contact.uuid,
    });
    expect(badRefs.json().errors).toEqual({
      refill: [MESSAGES.invalidReloadAmount],
      members: [MESSAGES.unknownReference],
      project_manager_id: [MESSAGES.managerMustBeStaff],
    });
  });

  it('keeps the fixed reload amount of a hosting plan', async () => {
    const plan = await buildPlan(db, { planType: 'hosting' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${plan.uuid}`,
      headers: asAdmin(),
      payload: { refill: 900 },
    });
    expect(res.json().data.refill).toBe(60);
  });

  it('answers 404 for an unknown plan and 422 for a malformed uuid', async () => {
    for (const url of [`/api/projects/${UNKNOWN}`, `/api/projects/${UNKNOWN}/users`]) {
      expect((await app.inject({ url, headers: asAdmin() })).statusCode, url).toBe(404);
    }
    const put = await app.inject({
      method: 'PUT',
      url: `/api/projects/${UNKNOWN}`,
      headers: asAdmin(),
      payload: { title: 'X' },
    });
    expect(put.statusCode).toBe(404);
    for (const url of ['/api/projects/not-a-uuid', '/api/projects/not-a-uuid/users']) {
      expect((await app.inject({ url, headers: asAdmin() })).statusCode, url).toBe(422);
    }
    const readOnly = await buildUser(db, { permissions: ['PROJECTS_READ'] });
    const plan = await buildPlan(db);
    const denied = await app.inject({
      method: 'PUT',
      url: `/api/projects/${plan.uuid}`,
      headers: bearer(readOnly.token),
      payload: { title: 'X' },
    });
    expect(denied.statusCode).toBe(403);
  });
});
