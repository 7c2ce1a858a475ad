import type { Contact, ContactPreferences, ContactStatus, UserType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../http/access';
import { forbidden, notFound } from '../../http/errors';
import { containsPattern } from '../../http/list-paging';
import type { Executor } from './references';

type ContactRow = {
  id: number;
  user_id: number | null;
  uuid: string;
  name: string;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  status: ContactStatus;
  type: UserType;
  preferences: Partial<ContactPreferences>;
  created_at: Date | string;
  user_uuid: string | null;
  customers: { uuid: string; business_name: string }[];
  roles: { uuid: string; name: string }[];
};

/**
 * One statement per page: the clients and roles of each contact are aggregated in SQL (json_agg), so a page of 300
 * contacts costs one round trip, not 600.
 */
function selectContacts(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select c.id, c.user_id, c.uuid, c.name, c.email, c.phone, c.job_title, c.status, c.type, c.preferences,
      c.created_at, u.uuid as user_uuid,
      coalesce((
        select json_agg(json_build_object('uuid', cu.uuid, 'business_name', cu.business_name)
          order by lower(cu.business_name))
        from contact_customers cc join customers cu on cu.id = cc.customer_id
        where cc.contact_id = c.id
      ), '[]'::json) as customers,
      coalesce((
        select json_agg(json_build_object('uuid', r.uuid, 'name', r.name) order by r.name)
        from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = c.user_id
      ), '[]'::json) as roles
    from contacts c left join users u on u.id = c.user_id
    where ${where}
    ${tail}`;
}

/** The allow-list from a row to the contract (doc 1 §3 Contact). */
export function presentContact(row: ContactRow): Contact {
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    phone: row.phone,
    job_title: row.job_title,
    customers: row.customers,
    status: row.status,
    type: row.type,
    user: row.user_uuid ? { uuid: row.user_uuid } : null,
    roles: row.type === 'contact' ? [] : row.roles,
    preferences: {
      email_notifications: row.preferences.email_notifications ?? '1',
      sms_notifications: row.preferences.sms_notifications ?? null,
      push_notifications: row.preferences.push_notifications ?? '1',
      // Present once chosen; unset reads as off.
      ...(row.preferences.auto_follow_tasks ? { auto_follow_tasks: row.preferences.auto_follow_tasks } : {}),
      ...(row.preferences.theme ? { theme: row.preferences.theme } : {}),
    },
    created_at: new Date(row.created_at).toISOString(),
  };
}

export type ContactListQuery = {
  page: { size: number; number: number };
  search_term?: string;
  sort?: { by?: string; direction?: 'asc' | 'desc' };
  filters?: { customer_id?: string; status?: ContactStatus[]; type?: UserType[] };
};

const SORT_COLUMNS = {
  name: sql`lower(c.name)`,
  created_at: sql`c.created_at`,
  type: sql`c.type`,
  status: sql`c.status`,
  email: sql`lower(c.email)`,
  job_title: sql`lower(c.job_title)`,
} as const;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** GET contacts' conditions over `contacts c`: client, status and type filters, the search term. */
export function contactListConditions(query: Pick<ContactListQuery, 'filters' | 'search_term'>): SQL {
  const conditions: SQL[] = [sql`true`];
  const filters = query.filters ?? {};
  if (filters.customer_id) {
    conditions.push(sql`exists (
      select 1 from contact_customers cc join customers cu on cu.id = cc.customer_id
      where cc.contact_id = c.id and cu.uuid = ${filters.customer_id})`);
  }
  if (filters.status?.length) {
    conditions.push(sql`c.status in (${list(filters.status)})`);
  }
  if (filters.type?.length) {
    conditions.push(sql`c.type in (${list(filters.type)})`);
  }
  if (query.search_term) {
    const p = containsPattern(query.search_term);
    conditions.push(sql`(c.name ilike ${p} or c.email ilike ${p} or c.phone ilike ${p} or c.job_title ilike ${p})`);
  }
  return sql.join(conditions, sql` and `);
}

/** GET contacts' order over `contacts c` (name by default), id breaking ties in the same direction. */
export function contactListOrder(sort: ContactListQuery['sort']): SQL {
  const column = SORT_COLUMNS[(sort?.by ?? 'name') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.name;
  const direction = sort?.direction === 'desc' ? sql`desc` : sql`asc`;
  return sql`${column} ${direction}, c.id ${direction}`;
}

export async function listContacts(db: Executor, query: ContactListQuery) {
  const where = contactListConditions(query);
  const { size, number } = query.page;
  const [rows, count] = await Promise.all([
    db.execute<ContactRow>(
      selectContacts(where, sql`order by ${contactListOrder(query.sort)} limit ${size} offset ${(number - 1) * size}`),
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from contacts c where ${where}`),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: rows.rows.map(presentContact),
    meta: { total, current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size },
  };
}

/** The row behind a uuid, with its internal ids, for the commands; null when unknown. */
export async function findContactRow(db: Executor, where: { uuid: string } | { id: number }) {
  const condition = 'uuid' in where ? sql`c.uuid = ${where.uuid}` : sql`c.id = ${where.id}`;
  const result = await db.execute<ContactRow>(selectContacts(condition));
  return result.rows[0] ?? null;
}

export async function getContact(db: Executor, where: { uuid: string } | { id: number }): Promise<Contact> {
  const row = await findContactRow(db, where);
  if (!row) {
    throw notFound();
  }
  return presentContact(row);
}

/**
 * Reading a contact needs CONTACTS_READ, except one's own: the Profile menu item opens the signed-in user's own
 * contact page for everyone.
 */
export function assertCanReadContact(principal: Principal, uuid: string): void {
  if (!principal.permissions.has('CONTACTS_READ') && principal.contactUuid !== uuid) {
    throw forbidden();
  }
}
