import type { Assignee, assigneeListQuerySchema } from '@portal/domain';
import { and, asc, desc, eq, exists, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { contacts, tasks, taskUsers, users } from '../../db/schema';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { type Viewer, visibleTasks } from './task-access';

/**
 * GET assignees: people responsible for at least one task the viewer sees (task-access.ts), so a filter never
 * offers — or reveals — a person only known from tasks the viewer may not open.
 */
export async function listAssignees(db: Database, query: z.output<typeof assigneeListQuerySchema>, viewer: Viewer) {
  const responsibleOnVisibleTask = db
    .select({ one: sql`1` })
    .from(taskUsers)
    .innerJoin(tasks, eq(tasks.id, taskUsers.taskId))
    .where(and(eq(taskUsers.userId, users.id), eq(taskUsers.pivot, 'responsible'), visibleTasks(viewer)));
  const conditions: SQL[] = [exists(responsibleOnVisibleTask)];
  if (query.filters?.type?.length) {
    conditions.push(inArray(contacts.type, query.filters.type));
  }
  if (query.search_term) {
    conditions.push(ilike(contacts.name, containsPattern(query.search_term)));
  }
  const where = and(...conditions);
  const direction = query.sort?.direction === 'desc' ? desc : asc;
  const rows = await db
    .select({
      uuid: users.uuid,
      name: contacts.name,
      type: contacts.type,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(where)
    .orderBy(direction(sql`lower(${contacts.name})`), asc(users.id))
    .limit(query.page.size)
    .offset(pageOffset(query.page));
  const data: Assignee[] = rows.map((r) => ({ uuid: r.uuid, name: r.name, type: r.type as Assignee['type'] }));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page.number > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .innerJoin(contacts, eq(contacts.userId, users.id))
      .where(where);
    total = counted?.n ?? 0;
  }
  return { data, meta: listMeta(total, query.page) };
}
