import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

/** GET /api/customers sort[by] (Clients and Customers tables): abbreviation, e-mail, plan count; ties by id. */

let app: TestApp;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
const TAG = 'clientsortq';

beforeAll(async () => {
  const world = await getTestApp();
  ({ app, close } = world);
  const { db } = world;
  actors = await buildActors(db);
  const one = await buildCustomer(db, { businessName: `A ${TAG}`, abbreviation: 'zz', email: 'b@x.test' });
  const two = await buildCustomer(db, { businessName: `B ${TAG}`, abbreviation: 'YY', email: 'c@x.test' });
  await buildCustomer(db, { businessName: `C ${TAG}`, abbreviation: 'xx', email: 'A@x.test' });
  await buildPlan(db, { customerId: two.id });
  await buildPlan(db, { customerId: two.id });
  await buildPlan(db, { customerId: one.id });
});
afterAll(() => close());

const names = async (query: string) => {
  const res = await app.inject({
    url: `/api/customers?search_term=${TAG}&${query}`,
    headers: bearer(actors.admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((c: { business_name: string }) => c.business_name.split(' ')[0]);
};

describe('GET /api/customers sort[by]', () => {
  it('sorts by abbreviation and e-mail without regard to case, and by plan count', async () => {
    expect(await names('sort[by]=abbreviation')).toEqual(['C', 'B', 'A']);
    expect(await names('sort[by]=email')).toEqual(['C', 'A', 'B']);
    expect(await names('sort[by]=plans_count&sort[direction]=desc')).toEqual(['B', 'A', 'C']);
    expect(await names('sort[by]=contacts_count')).toEqual(['A', 'B', 'C']);
  });

  it('refuses a column it cannot sort by with 422', async () => {
    const res = await app.inject({ url: '/api/customers?sort[by]=website', headers: bearer(actors.admin.token) });
    expect(res.statusCode).toBe(422);
  });
});
