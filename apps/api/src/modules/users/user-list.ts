import type { UserListItem, UserStatus, UserType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../http/list-paging';
import type { Executor } from '../contacts/references';

type UserRow = Omit<UserListItem, 'roles'> & { roles: UserListItem['roles'] };

export type UserListQuery = {
  page: { size: number; number: number };
  search_term?: string;
  sort?: { by?: string; direction?: 'asc' | 'desc' };
  filters?: { type?: UserType[]; status?: UserStatus[] };
};

const SORT_COLUMNS = { name: sql`lower(c.name)`, email: sql`u.email`, created_at: sql`u.created_at` } as const;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** GET users' conditions over `users u join contacts c`: type and status filters, the search term. */
export function userListConditions(query: Pick<UserListQuery, 'filters' | 'search_term'>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.filters?.type?.length) {
    conditions.push(sql`c.type in (${list(query.filters.type)})`);
  }
  if (query.filters?.status?.length) {
    conditions.push(sql`u.status in (${list(query.filters.status)})`);
  }
  if (query.search_term) {
    const p = containsPattern(query.search_term);
    conditions.push(sql`(c.name ilike ${p} or u.email ilike ${p})`);
  }
  return sql.join(conditions, sql` and `);
}

/** GET users' order (name by default), the user id breaking ties. */
export function userListOrder(sort: UserListQuery['sort']): SQL {
  const column = SORT_COLUMNS[(sort?.by ?? 'name') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.name;
  const direction = sort?.direction === 'desc' ? sql`desc` : sql`asc`;
  return sql`${column} ${direction}, u.id`;
}

/** Logins (GET users) for the role and group member pickers; roles aggregated in SQL. */
export async function listUsers(db: Executor, query: UserListQuery) {
  const where = userListConditions(query);
  const { size, number } = query.page;
  const [rows, count] = await Promise.all([
    db.execute<UserRow>(sql`
      select u.uuid, c.uuid as contact_uuid, c.name, u.email, c.type, u.status,
        coalesce((
          select json_agg(json_build_object('uuid', r.uuid, 'name', r.name) order by r.name)
          from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id
        ), '[]'::json) as roles
      from users u join contacts c on c.user_id = u.id
      where ${where}
      order by ${userListOrder(query.sort)}
      limit ${size} offset ${(number - 1) * size}`),
    db.execute<{ total: number }>(
      sql`select count(*)::int as total from users u join contacts c on c.user_id = u.id where ${where}`,
    ),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: rows.rows.map(
      (row): UserListItem => ({
        uuid: row.uuid,
        contact_uuid: row.contact_uuid,
        name: row.name,
        email: row.email,
        type: row.type,
        status: row.status,
        roles: row.roles,
      }),
    ),
    meta: { total, current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size },
  };
}
