import { isHttpUrl, toE164Phone } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { contactCustomers, contacts, customers, projects, projectUsers } from '../db/schema';
import { seedDemo } from './demo';
import { DEMO_CLIENT_COUNT, DEMO_PLAN_COUNT } from './demo-clients';
import { seedScale } from './seed-scale';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp());
});
afterAll(() => close());

// Plans of clients only: the demo tasks seed also gives each demo staff member a personal plan.
const count = async (table: typeof customers | typeof projects) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(table === projects ? sql`${projects.kind} <> 'personal'` : undefined)
  )[0]?.n;

describe('demo and scale seeds', () => {
  it('seeds about 12 clients and 25 plans across types and statuses, with the demo contact on one client', async () => {
    expect(await seedDemo(db)).toBe(true);
    expect(DEMO_CLIENT_COUNT).toBe(12);
    expect(DEMO_PLAN_COUNT).toBe(25);
    expect(await count(customers)).toBe(12);
    // The demo orders place one hosting order for a client without a hosting plan, which starts one (demo-orders.ts).
    expect(await count(projects)).toBe(DEMO_PLAN_COUNT + 1);
    const statuses = await db.selectDistinct({ status: projects.status }).from(projects);
    expect(statuses.length).toBeGreaterThanOrEqual(5);
    const inactive = await db.select().from(customers).where(eq(customers.status, 'inactive'));
    expect(inactive.length).toBeGreaterThan(0);
    const links = await db
      .select({ email: contacts.email, client: customers.businessName })
      .from(contactCustomers)
      .innerJoin(contacts, eq(contacts.id, contactCustomers.contactId))
      .innerJoin(customers, eq(customers.id, contactCustomers.customerId))
      .where(eq(contacts.email, 'client@demo.test'));
    expect(links).toEqual([{ email: 'client@demo.test', client: 'Harbor Dental Clinic' }]);
    const withoutManager = await db.select().from(projects).where(sql`${projects.projectManagerId} is null`);
    expect(withoutManager).toEqual([]);
    expect((await db.select().from(projectUsers)).length).toBeGreaterThanOrEqual(25);
    expect(await seedDemo(db)).toBe(false);
  });

  it('generates the scale data set-based, once', async () => {
    const result = await seedScale(db, { clients: 40, plans: 200 });
    expect(result).toEqual({ clients: 40, plans: 200, skipped: false });
    expect(await count(customers)).toBe(12 + 40);
    expect(await count(projects)).toBe(DEMO_PLAN_COUNT + 1 + 200);
    expect((await seedScale(db, { clients: 40, plans: 200 })).skipped).toBe(true);
  });

  it('stores every seeded phone as E.164 and every client link as http(s), as the API would', async () => {
    const clientRows = await db.select().from(customers);
    const contactRows = await db.select({ phone: contacts.phone }).from(contacts);
    for (const phone of [...clientRows.map((c) => c.phone), ...contactRows.map((c) => c.phone)]) {
      expect(phone === null || toE164Phone(phone) === phone, String(phone)).toBe(true);
    }
    for (const link of clientRows.flatMap((c) => [c.website, c.dashboardLink1, c.dashboardLink2])) {
      expect(link === null || isHttpUrl(link), String(link)).toBe(true);
    }
  });
});
