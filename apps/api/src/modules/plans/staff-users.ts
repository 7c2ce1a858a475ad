import { APP_USER_TYPES } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { contacts, users } from '../../db/schema';

/**
 * Internal ids of active users with a login whose profile is staff or freelancer, by user uuid. Plans are managed
 * by and staffed with these people only; anything else in a payload is reported as a field error by the caller.
 */
export async function findStaffUserIds(db: DbExecutor, uuids: readonly string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: users.id, uuid: users.uuid })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(
      and(inArray(users.uuid, [...uuids]), eq(users.status, 'active'), inArray(contacts.type, [...APP_USER_TYPES])),
    );
  return new Map(rows.map((r) => [r.uuid, r.id]));
}
