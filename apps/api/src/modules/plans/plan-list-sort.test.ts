import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

/** GET /api/projects sort[by]: the plans table's sortable columns, ties by id, unknown fields refused. */

let app: TestApp;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
const TAG = 'plansortq';
const ALL_STATUSES = ['active', 'paused', 'completed'].map((s) => `filters[projects.status][]=${s}`).join('&');

beforeAll(async () => {
  const world = await getTestApp();
  ({ app, close } = world);
  const { db } = world;
  actors = await buildActors(db);
  const zeta = await buildCustomer(db, { businessName: 'zeta works' });
  const alpha = await buildCustomer(db, { businessName: 'Alpha Co' });
  await buildPlan(db, {
    title: `P1 ${TAG}`,
    status: 'active',
    customerId: zeta.id,
    startDate: '2026-02-01',
    refillMinutes: 600,
  });
  await buildPlan(db, {
    title: `P2 ${TAG}`,
    status: 'paused',
    customerId: alpha.id,
    startDate: null,
    refillMinutes: 60,
  });
  await buildPlan(db, {
    title: `P3 ${TAG}`,
    status: 'completed',
    customerId: zeta.id,
    startDate: '2026-01-01',
    refillMinutes: 600,
  });
  await buildPlan(db, {
    title: `P4 ${TAG}`,
    status: 'active',
    customerId: alpha.id,
    startDate: '2026-03-01',
    refillMinutes: 0,
  });
});
afterAll(() => close());

const list = async (query: string) => {
  const res = await app.inject({
    url: `/api/projects?search_term=${TAG}&${ALL_STATUSES}&${query}`,
    headers: bearer(actors.admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((p: { title: string }) => p.title.split(' ')[0]);
};

describe('GET /api/projects sort[by]', () => {
  it('sorts by status, start date, client and reload amount, ties by creation (id) in the same direction', async () => {
    expect(await list('sort[by]=status')).toEqual(['P1', 'P4', 'P3', 'P2']);
    expect(await list('sort[by]=status&sort[direction]=desc')).toEqual(['P2', 'P3', 'P4', 'P1']);
    // PostgreSQL's nulls: last ascending, first descending.
    expect(await list('sort[by]=start_date')).toEqual(['P3', 'P1', 'P4', 'P2']);
    expect(await list('sort[by]=start_date&sort[direction]=desc')).toEqual(['P2', 'P4', 'P1', 'P3']);
    expect(await list('sort[by]=client')).toEqual(['P2', 'P4', 'P1', 'P3']);
    expect(await list('sort[by]=refill&sort[direction]=desc')).toEqual(['P3', 'P1', 'P2', 'P4']);
  });

  it('pages a sort with ties without repeating a plan', async () => {
    const pages = [
      ...(await list('sort[by]=client&page[size]=3')),
      ...(await list('sort[by]=client&page[size]=3&page[number]=2')),
    ];
    expect(pages).toEqual(await list('sort[by]=client'));
  });

  it('refuses an unknown sort field with 422', async () => {
    const res = await app.inject({ url: '/api/projects?sort[by]=manager', headers: bearer(actors.admin.token) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['sort.by']);
  });
});
