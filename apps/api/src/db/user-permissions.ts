import { type SQL, sql } from 'drizzle-orm';

/**
 * A person's permission names through their roles, as one SQL array expression in name order, for the queries that
 * load a principal (a session, an API token) or the signed-in user.
 */
export function permissionNamesOf(userId: SQL): SQL {
  return sql`array(
    select distinct p.name from user_roles ur
    join role_permissions rp on rp.role_id = ur.role_id
    join permissions p on p.id = rp.permission_id
    where ur.user_id = ${userId} order by p.name
  )`;
}
