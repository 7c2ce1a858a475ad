import type { customerListQuerySchema } from '@portal/domain';
import { and, asc, desc, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { customers } from '../../db/schema';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { type CustomerListRow, presentCustomerListItem } from './customers.presenter';

export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** GET customers' conditions: the status filter and the search over name, abbreviation and e-mail. */
export function customerListConditions(query: Pick<CustomerListQuery, 'filters' | 'search_term'>): SQL[] {
  const conditions: SQL[] = [];
  const statuses = query.filters?.status;
  if (statuses?.length) {
    conditions.push(inArray(customers.status, statuses));
  }
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    const match = or(
      ilike(customers.businessName, pattern),
      ilike(customers.abbreviation, pattern),
      ilike(customers.email, pattern),
    );
    if (match) {
      conditions.push(match);
    }
  }
  return conditions;
}

/**
 * The clients tables' other sortable columns. The counts are written with the table's name, not a Drizzle column:
 * in a one-table select Drizzle leaves column names unqualified (see listCustomers). ~2,000 clients: the counts for
 * every row are index probes, a few milliseconds.
 */
const COLUMN_KEYS = {
  abbreviation: sql`lower(${customers.abbreviation})`,
  email: sql`lower(${customers.email})`,
  plans_count: sql`(select count(*) from projects p where p.customer_id = customers.id)`,
  contacts_count: sql`(select count(*) from contact_customers cc where cc.customer_id = customers.id)`,
};

/** GET customers' order: by name (case-insensitive) unless another column is asked; id breaks ties. */
export function customerListOrder(sort: CustomerListQuery['sort']): SQL[] {
  const direction = sort?.direction === 'desc' ? desc : asc;
  const byName = direction(sql`lower(${customers.businessName})`);
  const by = sort?.by;
  if (by === 'created_at') {
    return [direction(customers.createdAt), direction(customers.id)];
  }
  if (by === 'status') {
    return [direction(customers.status), byName, direction(customers.id)];
  }
  if (by && by in COLUMN_KEYS) {
    return [direction(COLUMN_KEYS[by as keyof typeof COLUMN_KEYS]), direction(customers.id)];
  }
  return [byName, direction(customers.id)];
}

/**
 * GET customers: one query answers the page, both counts and the total. The counts are correlated subqueries on
 * indexed foreign keys (projects_customer_idx, contact_customers_customer_idx) evaluated for the page's rows only,
 * so a 999-row selector page costs one round trip, not one per client.
 */
export async function listCustomers(db: Database, query: CustomerListQuery) {
  const conditions = customerListConditions(query);
  const order = customerListOrder(query.sort);

  const rows = await db
    .select({
      uuid: customers.uuid,
      businessName: customers.businessName,
      status: customers.status,
      abbreviation: customers.abbreviation,
      phone: customers.phone,
      email: customers.email,
      website: customers.website,
      createdAt: customers.createdAt,
      // Written out with aliases: inside a one-table select Drizzle leaves column names unqualified, which would
      // bind customer ids to the subquery's own table.
      plansCount: sql<number>`(select count(*)::int from projects p where p.customer_id = customers.id)`,
      contactsCount: sql<number>`(select count(*)::int from contact_customers cc where cc.customer_id = customers.id)`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(customers)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.page.size)
    .offset(pageOffset(query.page));

  // Past the last page there is no row to carry the window total, so count separately (rare).
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page.number > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(and(...conditions));
    total = counted?.n ?? 0;
  }
  return {
    data: rows.map((row: CustomerListRow) => presentCustomerListItem(row)),
    meta: listMeta(total, query.page),
  };
}
