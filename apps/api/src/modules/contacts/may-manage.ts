import { MESSAGES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor as Executor } from '../../db/client';
import type { Principal } from '../../http/access';
import { forbidden } from '../../http/errors';

/**
 * Nobody acts on a login that holds permissions they lack (a manager cannot take over an admin): changing or
 * deleting the person, resetting their second factor, ending their sessions. One's own login is always one's own.
 */
export async function assertMayManage(db: Executor, actor: Principal, userId: number | null) {
  if (userId === null || userId === actor.userId) {
    return;
  }
  const result = await db.execute<{ name: string }>(sql`
    select distinct p.name from user_roles ur
    join role_permissions rp on rp.role_id = ur.role_id
    join permissions p on p.id = rp.permission_id
    where ur.user_id = ${userId}`);
  if (result.rows.some((r) => !actor.permissions.has(r.name))) {
    throw forbidden(MESSAGES.userAboveOwn);
  }
}
