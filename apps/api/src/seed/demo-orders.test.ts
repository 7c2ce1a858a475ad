import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { orderLines, orders, projects, requestTypes } from '../db/schema';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo orders seed', () => {
  it('prices the catalogue and adds a retainer and a hosting service', async () => {
    const priced = await db.select().from(requestTypes).where(isNotNull(requestTypes.priceCents));
    expect(priced.length).toBeGreaterThanOrEqual(10);
    const sells = Object.fromEntries(priced.map((t) => [t.name, t.sells]));
    expect(sells['Monthly retainer (10 hours)']).toBe('retainer');
    expect(sells['Website hosting']).toBe('hosting');
  });

  it('has orders in every status, totals equal to their lines, and placed ones linked to plans', async () => {
    const rows = await db.select({ status: orders.status }).from(orders);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['draft', 'placed', 'paid', 'cancelled']));
    const mismatched = await db.execute(sql`select o.id from orders o
      where o.total_cents + o.discount_cents <> (select sum(l.total_cents) from order_lines l where l.order_id = o.id)`);
    expect(mismatched.rows).toEqual([]);
    const linked = await db
      .select({ title: projects.title, effect: orderLines.planEffect })
      .from(orderLines)
      .innerJoin(projects, eq(projects.id, orderLines.projectId));
    expect(linked).toContainEqual({ title: 'Northwind Outfitters Hosting', effect: 'created' });
    expect(linked).toContainEqual({ title: 'Harbor Dental retainer', effect: 'updated' });
  });
});
