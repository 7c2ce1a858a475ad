import {
  hundredthsToQuantity,
  type Order,
  type OrderListItem,
  type OrderStatus,
  type orderListQuerySchema,
  type ServiceSells,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

type ListQuery = z.output<typeof orderListQuerySchema>;

type OrderRow = {
  id: number;
  uuid: string;
  number: number;
  customer_uuid: string;
  business_name: string;
  status: string;
  lines_count: number;
  total_cents: number;
  discount_code: string | null;
  discount_cents: number;
  placed_at: Date | string | null;
  paid_at: Date | string | null;
  cancelled_at: Date | string | null;
  created_at: Date | string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const orderColumns = sql`o.id, o.uuid, o.number, c.uuid as customer_uuid, c.business_name, o.status, o.total_cents, o.discount_code, o.discount_cents,
  (select count(*)::int from order_lines l where l.order_id = o.id) as lines_count,
  o.placed_at, o.paid_at, o.cancelled_at, o.created_at`;

function present(row: OrderRow): OrderListItem {
  return {
    uuid: row.uuid,
    number: Number(row.number),
    customer: { uuid: row.customer_uuid, business_name: row.business_name },
    status: row.status as OrderStatus,
    lines_count: Number(row.lines_count),
    total_cents: Number(row.total_cents),
    discount_code: row.discount_code,
    discount_cents: Number(row.discount_cents),
    currency: 'USD',
    placed_at: iso(row.placed_at),
    paid_at: iso(row.paid_at),
    cancelled_at: iso(row.cancelled_at),
    created_at: iso(row.created_at) ?? '',
  };
}

function conditions(query: ListQuery): SQL {
  const f = query.filters ?? {};
  const parts: SQL[] = [];
  if (f.status?.length) {
    parts.push(sql`o.status = any(${sql.param(f.status)}::text[])`);
  }
  if (f.customer_uuid?.length) {
    parts.push(sql`c.uuid = any(${sql.param(f.customer_uuid)}::uuid[])`);
  }
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    parts.push(sql`(c.business_name ilike ${pattern} or o.number::text = ${query.search_term.trim()})`);
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

function order(sort: ListQuery['sort']): SQL {
  const direction = sql.raw(sort?.direction === 'asc' ? 'asc' : 'desc');
  switch (sort?.by) {
    case 'number':
      return sql`o.number ${direction}`;
    case 'customer':
      return sql`lower(c.business_name) ${direction}, o.id ${direction}`;
    case 'total':
      return sql`o.total_cents ${direction}, o.id ${direction}`;
    case 'placed_at':
      return sql`o.placed_at ${direction} nulls last, o.id ${direction}`;
    default:
      return sql`o.created_at ${direction}, o.id ${direction}`;
  }
}

/** GET orders: one page (newest first by default) and the total; filters status[] and customer_uuid[]. */
export async function listOrders(db: DbExecutor, query: ListQuery) {
  const where = conditions(query);
  const [rows, total] = await Promise.all([
    db.execute<OrderRow>(sql`select ${orderColumns} from orders o join customers c on c.id = o.customer_id ${where}
      order by ${order(query.sort)} limit ${query.page.size} offset ${pageOffset(query.page)}`),
    db.execute<{ count: number }>(
      sql`select count(*)::int as count from orders o join customers c on c.id = o.customer_id ${where}`,
    ),
  ]);
  return { data: rows.rows.map(present), meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

type LineRow = {
  uuid: string;
  service_uuid: string | null;
  name: string;
  sells: string;
  unit_price_cents: number;
  quantity_hundredths: number;
  total_cents: number;
  plan_reload_minutes: number | null;
  plan_uuid: string | null;
  plan_title: string | null;
  plan_effect: string | null;
};

/** GET orders/{uuid}: the order, its lines as they were priced, and the plans placing it created or updated. */
export async function loadOrder(db: DbExecutor, uuid: string): Promise<Order> {
  const found = await db.execute<OrderRow>(
    sql`select ${orderColumns} from orders o join customers c on c.id = o.customer_id where o.uuid = ${uuid}`,
  );
  const row = found.rows[0];
  if (!row) {
    throw notFound();
  }
  const lines = await db.execute<LineRow>(sql`select l.uuid, rt.uuid as service_uuid, l.name, l.sells,
      l.unit_price_cents, l.quantity_hundredths, l.total_cents, l.plan_reload_minutes,
      p.uuid as plan_uuid, p.title as plan_title, l.plan_effect
    from order_lines l
      left join request_types rt on rt.id = l.request_type_id
      left join projects p on p.id = l.project_id
    where l.order_id = ${row.id}
    order by l.position`);
  const plans = new Map<string, Order['plans'][number]>();
  for (const line of lines.rows) {
    if (line.plan_uuid && line.plan_title) {
      plans.set(line.plan_uuid, {
        uuid: line.plan_uuid,
        title: line.plan_title,
        effect: line.plan_effect === 'created' ? 'created' : 'updated',
      });
    }
  }
  return {
    ...present(row),
    lines: lines.rows.map((line) => ({
      uuid: line.uuid,
      service_uuid: line.service_uuid,
      name: line.name,
      sells: line.sells as ServiceSells,
      unit_price_cents: Number(line.unit_price_cents),
      quantity: hundredthsToQuantity(Number(line.quantity_hundredths)),
      total_cents: Number(line.total_cents),
      plan_reload_minutes: line.plan_reload_minutes === null ? null : Number(line.plan_reload_minutes),
    })),
    plans: [...plans.values()],
  };
}
