import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo discounts seed', () => {
  it('has a percent, a fixed, a product-type, an expired and a used-up code, each count matching its redemptions', async () => {
    const rows = await db.execute<{ code: string; redemptions_count: number; used: number; max: number | null }>(
      sql`select d.code, d.redemptions_count, d.max_redemptions as max,
        (select count(*)::int from discount_redemptions r where r.discount_id = d.id and r.released_at is null) as used
      from discounts d order by d.code`,
    );
    expect(rows.rows.map((r) => r.code)).toEqual(['DESIGN15', 'LAUNCH50', 'SUMMER25', 'WEBSITE250', 'WELCOME10']);
    for (const row of rows.rows) {
      expect(row.redemptions_count, row.code).toBe(row.used);
    }
    expect(rows.rows.find((r) => r.code === 'LAUNCH50')).toMatchObject({ used: 1, max: 1 });
  });

  it('gives discounted orders a total of their lines less the discount', async () => {
    const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders o
      where o.discount_cents > 0
        and o.total_cents = (select sum(l.total_cents) from order_lines l where l.order_id = o.id) - o.discount_cents`);
    expect(rows.rows[0]?.n).toBe(4);
  });

  it('scopes DESIGN15 to the Design product type, so a mixed order is discounted on its Design line only', async () => {
    const rows = await db.execute<{ discount_cents: number; branding: number }>(sql`select o.discount_cents,
        (select l.total_cents from order_lines l where l.order_id = o.id and l.name = 'Branding') as branding
      from orders o where o.discount_code = 'DESIGN15'`);
    expect(rows.rows).toHaveLength(1);
    const [order] = rows.rows;
    expect(order?.discount_cents).toBe(Math.round((order?.branding ?? 0) * 0.15));
    const typed = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from request_types where product_type_id is not null`,
    );
    expect(typed.rows[0]?.n).toBeGreaterThan(15);
  });
});
