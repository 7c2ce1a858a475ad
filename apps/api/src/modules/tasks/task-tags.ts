import type { tagListQuerySchema } from '@portal/domain';
import { asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { idIn } from '../../db/id-in';
import { tags, taskTags } from '../../db/schema';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

/** Tag ids for these names, creating the missing ones (names are unique without regard to case). */
export async function ensureTags(db: DbExecutor, names: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Map(names.map((n) => [n.trim().toLowerCase(), n.trim()])).values()].filter(Boolean);
  if (wanted.length === 0) {
    return new Map();
  }
  await db
    .insert(tags)
    .values(wanted.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      inArray(
        sql`lower(${tags.name})`,
        wanted.map((n) => n.toLowerCase()),
      ),
    );
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Replaces a task's tags; answers the tag names before and after. */
export async function replaceTaskTags(db: DbExecutor, taskId: number, names: readonly string[]) {
  const before = (await loadTags(db, [taskId])).get(taskId) ?? [];
  const ids = await ensureTags(db, names);
  await db.delete(taskTags).where(eq(taskTags.taskId, taskId));
  if (ids.size) {
    await db.insert(taskTags).values([...ids.values()].map((tagId) => ({ taskId, tagId })));
  }
  return { before, after: [...ids.keys()].sort((a, b) => a.localeCompare(b)) };
}

/** Tag names of the given tasks, by task id, in name order. */
export async function loadTags(db: DbExecutor, taskIds: readonly number[]): Promise<Map<number, string[]>> {
  const byTask = new Map<number, string[]>();
  if (taskIds.length === 0) {
    return byTask;
  }
  const rows = await db
    .select({ taskId: taskTags.taskId, name: tags.name })
    .from(taskTags)
    .innerJoin(tags, eq(tags.id, taskTags.tagId))
    .where(idIn(taskTags.taskId, taskIds))
    .orderBy(asc(tags.name));
  for (const row of rows) {
    byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row.name]);
  }
  return byTask;
}

/** GET tags: by name, optionally searched. */
export async function listTags(db: Database, query: z.output<typeof tagListQuerySchema>) {
  const where = query.search_term ? ilike(tags.name, containsPattern(query.search_term)) : undefined;
  const rows = await db
    .select({ name: tags.name, total: sql<number>`(count(*) over ())::int` })
    .from(tags)
    .where(where)
    .orderBy(asc(sql`lower(${tags.name})`))
    .limit(query.page.size)
    .offset(pageOffset(query.page));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page.number > 1) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(tags).where(where);
    total = counted?.n ?? 0;
  }
  return { data: rows.map((r) => ({ name: r.name })), meta: listMeta(total, query.page) };
}
