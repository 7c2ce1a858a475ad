import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/errors';
import { findOwnNotification, presentNotification } from './notification-queries';

/** Marks one own notification read or unread; reading keeps the first read time. */
export async function setNotificationRead(db: DbExecutor, userId: number, uuid: string, read: boolean) {
  const row = await findOwnNotification(db, userId, uuid);
  if (read === (row.readAt !== null)) {
    return presentNotification(row);
  }
  const [updated] = await db
    .update(notifications)
    .set({ readAt: read ? new Date() : null })
    .where(eq(notifications.id, row.id))
    .returning();
  return presentNotification(updated ?? row);
}

/** mentions/{id}/read: the id must be one of the caller's notifications that mentions them. */
export async function readMention(db: DbExecutor, userId: number, uuid: string) {
  const row = await findOwnNotification(db, userId, uuid);
  if (!row.data.has_mention) {
    throw notFound();
  }
  return setNotificationRead(db, userId, uuid, true);
}

export async function readAllNotifications(db: DbExecutor, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function deleteNotification(db: DbExecutor, userId: number, uuid: string): Promise<void> {
  const row = await findOwnNotification(db, userId, uuid);
  await db.delete(notifications).where(eq(notifications.id, row.id));
}
