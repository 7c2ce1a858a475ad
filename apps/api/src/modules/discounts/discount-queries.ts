import type { Discount, DiscountRedemption, DiscountType, discountListQuerySchema } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

type ListQuery = z.output<typeof discountListQuerySchema>;

type DiscountRow = {
  id: number;
  uuid: string;
  code: string;
  type: string;
  value: number;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  max_redemptions: number | null;
  max_per_customer: number | null;
  active: boolean;
  limited_to_services: boolean;
  redemptions_count: number;
  creator_uuid: string | null;
  creator_name: string | null;
  created_at: Date | string;
  services: { uuid: string; name: string }[] | null;
  product_types: { uuid: string; name: string }[] | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const columns = sql`d.id, d.uuid, d.code, d.type, d.value, d.valid_from, d.valid_to, d.max_redemptions,
  d.max_per_customer, d.active, d.limited_to_services, d.redemptions_count, u.uuid as creator_uuid, coalesce(uc.name, u.email) as creator_name, d.created_at,
  (select json_agg(json_build_object('uuid', rt.uuid, 'name', rt.name) order by rt.name)
     from discount_services ds join request_types rt on rt.id = ds.request_type_id
     where ds.discount_id = d.id) as services,
  (select json_agg(json_build_object('uuid', pt.uuid, 'name', pt.name) order by pt.name)
     from discount_product_types dpt join product_types pt on pt.id = dpt.product_type_id
     where dpt.discount_id = d.id) as product_types`;
const from = sql`from discounts d left join users u on u.id = d.created_by_id
  left join lateral (select name from contacts where contacts.user_id = u.id limit 1) uc on true`;

function present(row: DiscountRow): Discount {
  const services = row.services ?? [];
  const productTypes = row.product_types ?? [];
  return {
    uuid: row.uuid,
    code: row.code,
    type: row.type as DiscountType,
    value: Number(row.value),
    service_uuids: services.map((s) => s.uuid),
    services,
    product_type_uuids: productTypes.map((t) => t.uuid),
    product_types: productTypes,
    all_services: !row.limited_to_services,
    valid_from: iso(row.valid_from),
    valid_to: iso(row.valid_to),
    max_redemptions: row.max_redemptions === null ? null : Number(row.max_redemptions),
    max_per_customer: row.max_per_customer === null ? null : Number(row.max_per_customer),
    active: row.active,
    redemptions_count: Number(row.redemptions_count),
    created_by: row.creator_uuid ? { uuid: row.creator_uuid, name: row.creator_name ?? '' } : null,
    created_at: iso(row.created_at) ?? '',
  };
}

function conditions(query: ListQuery): SQL {
  const f = query.filters ?? {};
  const parts: SQL[] = [];
  if (f.active?.length === 1) {
    parts.push(sql`d.active = ${f.active[0] === 'true'}`);
  }
  if (f.type?.length) {
    parts.push(sql`d.type = any(${sql.param(f.type)}::text[])`);
  }
  if (query.search_term) {
    parts.push(sql`d.code ilike ${containsPattern(query.search_term)}`);
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

function order(sort: ListQuery['sort']): SQL {
  const direction = sql.raw(sort?.direction === 'asc' ? 'asc' : 'desc');
  switch (sort?.by) {
    case 'code':
      return sql`lower(d.code) ${direction}`;
    case 'valid_to':
      return sql`d.valid_to ${direction} nulls last, d.id ${direction}`;
    case 'redemptions_count':
      return sql`d.redemptions_count ${direction}, d.id ${direction}`;
    default:
      return sql`d.created_at ${direction}, d.id ${direction}`;
  }
}

/** GET discounts: one page (newest first by default); filters active[] and type[], search on the code. */
export async function listDiscounts(db: DbExecutor, query: ListQuery) {
  const where = conditions(query);
  const [rows, total] = await Promise.all([
    db.execute<DiscountRow>(sql`select ${columns} ${from} ${where}
      order by ${order(query.sort)} limit ${query.page.size} offset ${pageOffset(query.page)}`),
    db.execute<{ count: number }>(sql`select count(*)::int as count from discounts d ${where}`),
  ]);
  return { data: rows.rows.map(present), meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

export async function loadDiscount(db: DbExecutor, uuid: string): Promise<Discount> {
  const found = await db.execute<DiscountRow>(sql`select ${columns} ${from} where d.uuid = ${uuid}`);
  const row = found.rows[0];
  if (!row) {
    throw notFound();
  }
  return present(row);
}

type RedemptionRow = {
  uuid: string;
  order_uuid: string;
  number: number;
  status: string;
  customer_uuid: string;
  business_name: string;
  amount_cents: number;
  released_at: Date | string | null;
  created_at: Date | string;
};

/** GET discounts/{uuid}/redemptions: every order that used the code, newest first, released ones included. */
export async function listRedemptions(db: DbExecutor, uuid: string): Promise<DiscountRedemption[]> {
  await loadDiscount(db, uuid);
  const rows = await db.execute<RedemptionRow>(sql`select r.uuid, o.uuid as order_uuid, o.number, o.status,
      c.uuid as customer_uuid, c.business_name, r.amount_cents, r.released_at, r.created_at
    from discount_redemptions r
      join discounts d on d.id = r.discount_id
      join orders o on o.id = r.order_id
      join customers c on c.id = r.customer_id
    where d.uuid = ${uuid}
    order by r.created_at desc, r.id desc
    limit 500`);
  return rows.rows.map((row) => ({
    uuid: row.uuid,
    order: { uuid: row.order_uuid, number: Number(row.number), status: row.status },
    customer: { uuid: row.customer_uuid, business_name: row.business_name },
    amount_cents: Number(row.amount_cents),
    released_at: iso(row.released_at),
    created_at: iso(row.created_at) ?? '',
  }));
}
