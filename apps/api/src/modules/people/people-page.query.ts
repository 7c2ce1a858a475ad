import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, users } from '../../db/schema';
import { containsPattern, listMeta, type PageQuery, pageOffset } from '../../http/list-paging';

export type PeoplePageQuery = {
  search_term?: string;
  filters?: { type?: readonly string[] };
  sort?: { direction?: 'asc' | 'desc' };
  page: PageQuery;
};

/**
 * One page of people (a login with its contact) that `conditions` admit, narrowed by the pickers' common query
 * (type filter, name search) and sorted by name, ties by id. The people pickers (GET assignees, GET
 * projects/{uuid}/users, GET project-users) differ only in who they admit, so they share this.
 */
export async function pagePeople(db: Database, conditions: SQL[], query: PeoplePageQuery) {
  const all = [...conditions];
  if (query.filters?.type?.length) {
    all.push(inArray(contacts.type, [...query.filters.type]));
  }
  if (query.search_term) {
    all.push(ilike(contacts.name, containsPattern(query.search_term)));
  }
  const where = and(...all);
  const direction = query.sort?.direction === 'desc' ? desc : asc;
  const rows = await db
    .select({
      uuid: users.uuid,
      name: contacts.name,
      status: users.status,
      type: contacts.type,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(where)
    .orderBy(direction(sql`lower(${contacts.name})`), asc(users.id))
    .limit(query.page.size)
    .offset(pageOffset(query.page));
  let total = rows[0]?.total ?? 0;
  // Past the last page the window count has no row to ride on: count separately so meta still tells the total.
  if (rows.length === 0 && query.page.number > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(contacts, eq(contacts.userId, users.id))
      .where(where);
    total = counted?.n ?? 0;
  }
  return { rows, meta: listMeta(total, query.page) };
}
