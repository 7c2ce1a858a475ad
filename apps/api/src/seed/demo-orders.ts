import { PERMISSIONS } from '@portal/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers, orders, requestTypes, users } from '../db/schema';
import { DomainEvents } from '../events/domain-events';
import { createOrder, placeOrder, updateOrder } from '../modules/orders';
import { createRequestType, updateRequestType } from '../modules/requests/request-types';

/** Catalogue prices (USD cents) of the seeded services an agency sells as one-off work. */
const PRICES: Record<string, number> = {
  'New Campaign': 75_000,
  'Ad Budget Adjustment': 15_000,
  'Social Media Creatives': 35_000,
  'Ad Creatives': 40_000,
  'Email Design': 45_000,
  'Web Page': 120_000,
  'Illustration Design': 60_000,
  'Presentation Design': 80_000,
  'Video Production': 250_000,
  Branding: 350_000,
  'Print Design': 50_000,
  'Merch Design': 45_000,
};

const RETAINER = 'Monthly retainer (10 hours)';
const HOSTING = 'Website hosting';

type DemoOrder = {
  client: string;
  items: [service: string, quantity: number][];
  status: 'draft' | 'placed' | 'paid' | 'cancelled';
  daysAgo: number;
};

/** A few weeks of orders: every status, retainer and hosting orders that made or updated plans, one-off work. */
const DEMO_ORDERS: DemoOrder[] = [
  {
    client: 'Harbor Dental Clinic',
    items: [
      [RETAINER, 1],
      ['Email Design', 2],
    ],
    status: 'paid',
    daysAgo: 24,
  },
  { client: 'Summit Realty Group', items: [[RETAINER, 2]], status: 'placed', daysAgo: 9 },
  { client: 'Green Leaf Cafe', items: [[HOSTING, 12]], status: 'paid', daysAgo: 17 },
  {
    client: 'Brightside Pediatrics',
    items: [
      ['Social Media Creatives', 4],
      ['Illustration Design', 1],
    ],
    status: 'paid',
    daysAgo: 13,
  },
  { client: 'Trattoria Bella Vista', items: [['Video Production', 1]], status: 'cancelled', daysAgo: 11 },
  {
    client: 'Northwind Outfitters',
    // Their old store's hosting plan is completed: placing this order starts a new hosting plan.
    items: [
      ['Web Page', 3],
      ['Branding', 1],
      [HOSTING, 12],
    ],
    status: 'placed',
    daysAgo: 5,
  },
  {
    client: 'Coastal Yoga Studio',
    items: [
      [RETAINER, 1],
      ['Social Media Creatives', 2.5],
    ],
    status: 'draft',
    daysAgo: 2,
  },
  { client: 'Northwind Outfitters', items: [['Ad Creatives', 2]], status: 'draft', daysAgo: 1 },
];

/**
 * Prices on the demo catalogue and the demo's orders (issue 20), through the request types' and the orders module's
 * own commands, so placing makes or updates plans exactly as the screen does. Only the dates are moved back, so the
 * list reads like a few weeks of work.
 */
export async function seedDemoOrders(db: Database): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  const priced = await db
    .select({ id: requestTypes.id, name: requestTypes.name })
    .from(requestTypes)
    .where(inArray(requestTypes.name, Object.keys(PRICES)));
  for (const type of priced) {
    await updateRequestType(db, type.id, { price_cents: PRICES[type.name] ?? null });
  }
  await createRequestType(db, {
    name: RETAINER,
    description: 'Ten hours of design and marketing work every month, credited to the client’s retainer plan.',
    icon: 'CalendarOutlined',
    tags: ['Retainer'],
    price_cents: 150_000,
    sells: 'retainer',
    plan_reload_minutes: 600,
  });
  await createRequestType(db, {
    name: HOSTING,
    description: 'Managed hosting, backups and updates for the client’s website, billed monthly.',
    icon: 'GlobalOutlined',
    tags: ['Hosting'],
    price_cents: 4_900,
    sells: 'hosting',
  });
  const services = new Map(
    (await db.select({ uuid: requestTypes.uuid, name: requestTypes.name }).from(requestTypes)).map((t) => [
      t.name,
      t.uuid,
    ]),
  );
  const clients = new Map(
    (await db.select({ uuid: customers.uuid, name: customers.businessName }).from(customers)).map((c) => [
      c.name,
      c.uuid,
    ]),
  );
  const ctx = { db, events: new DomainEvents() };
  const actor = { userId: admin.id, permissions: new Set<string>(PERMISSIONS) };
  for (const demo of DEMO_ORDERS) {
    const customer = clients.get(demo.client);
    const items = demo.items.flatMap(([name, quantity]) => {
      const uuid = services.get(name);
      return uuid ? [{ service_uuid: uuid, quantity }] : [];
    });
    if (!customer || items.length !== demo.items.length) {
      continue;
    }
    const uuid = await createOrder(ctx, { customer_uuid: customer, items }, admin.id);
    if (demo.status !== 'draft') {
      await placeOrder(ctx, uuid, actor);
    }
    if (demo.status === 'paid' || demo.status === 'cancelled') {
      await updateOrder(ctx, uuid, { status: demo.status }, admin.id);
    }
    const created = sql`now() - make_interval(days => ${demo.daysAgo})`;
    await db
      .update(orders)
      .set({
        createdAt: created,
        updatedAt: created,
        placedAt: sql`case when ${orders.placedAt} is null then null else ${created} + interval '2 hours' end`,
        paidAt: sql`case when ${orders.paidAt} is null then null else ${created} + interval '3 days' end`,
        cancelledAt: sql`case when ${orders.cancelledAt} is null then null else ${created} + interval '1 day' end`,
      })
      .where(eq(orders.uuid, uuid));
  }
}
