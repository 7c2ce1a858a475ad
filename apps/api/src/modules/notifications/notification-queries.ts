import type { Notification, NotificationFilter, notificationListQuerySchema } from '@portal/domain';
import { and, count, desc, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/errors';

type ListQuery = z.output<typeof notificationListQuerySchema>;
type Row = typeof notifications.$inferSelect;

export function presentNotification(row: Row): Notification {
  return {
    id: row.uuid,
    number: row.number,
    type: row.type,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    data: {
      title: row.data.title,
      sub_title: row.data.sub_title ?? null,
      content: row.data.content ?? null,
      action_url: row.data.action_url ?? null,
      resource_id: row.data.resource_id ?? null,
      has_mention: row.data.has_mention === true,
    },
  };
}

function filterCondition(userId: number, filter: NotificationFilter): SQL | undefined {
  const state =
    filter === 'unread'
      ? isNull(notifications.readAt)
      : filter === 'read'
        ? isNotNull(notifications.readAt)
        : undefined;
  return and(eq(notifications.userId, userId), state);
}

/**
 * The bell's list (doc 1 §7): newest first. With `after` (a number) it answers the page below that cursor, so
 * an infinite list stays right while new notifications arrive; without it, `page[number]`. current_page is where
 * the first row falls in the whole filtered list.
 */
export async function listNotifications(db: DbExecutor, userId: number, query: ListQuery) {
  const size = query.page.size;
  const where = filterCondition(userId, query.filter);
  const pageWhere = query.after !== undefined ? and(where, lt(notifications.number, query.after)) : where;
  const offset = query.after !== undefined ? 0 : (query.page.number - 1) * size;
  const [rows, totals] = await Promise.all([
    db.select().from(notifications).where(pageWhere).orderBy(desc(notifications.number)).limit(size).offset(offset),
    db
      .select({
        total: count(),
        newer:
          query.after !== undefined
            ? sql<number>`count(*) filter (where ${notifications.number} >= ${query.after})::int`
            : sql<number>`0`,
      })
      .from(notifications)
      .where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  const skipped = query.after !== undefined ? Number(totals[0]?.newer ?? 0) : offset;
  return {
    data: rows.map(presentNotification),
    meta: {
      total,
      per_page: size,
      current_page: Math.floor(skipped / size) + 1,
      last_page: Math.max(1, Math.ceil(total / size)),
    },
  };
}

export async function countUnread(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Unread notifications that mention the caller: the Mentions badge (inbox_unread). */
export async function countUnreadMentions(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        sql`(${notifications.data} ->> 'has_mention')::boolean is true`,
      ),
    );
  return row?.n ?? 0;
}

/** One of the caller's own notifications; anyone else's answers 404 like an unknown id. */
export async function findOwnNotification(db: DbExecutor, userId: number, uuid: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.uuid, uuid), eq(notifications.userId, userId)));
  if (!row) {
    throw notFound();
  }
  return row;
}
