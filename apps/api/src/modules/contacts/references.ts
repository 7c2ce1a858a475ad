import { MESSAGES } from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { customers, permissions, rolePermissions, roles } from '../../db/schema';
import { validationError } from '../../http/errors';

/** A transaction handle, or the database itself: the helpers below run inside the caller's transaction. */
export type { Tx } from '../../db/client';
export type Executor = DbExecutor;

/** Client uuids → internal ids; any unknown uuid is a 422 on the field that named it. */
export async function resolveCustomerIds(db: Executor, uuids: readonly string[], field: string): Promise<number[]> {
  const wanted = [...new Set(uuids)];
  if (!wanted.length) {
    return [];
  }
  const rows = await db.select({ id: customers.id }).from(customers).where(inArray(customers.uuid, wanted));
  if (rows.length !== wanted.length) {
    throw validationError({ [field]: [MESSAGES.unknownReference] });
  }
  return rows.map((r) => r.id);
}

/** Role uuids → ids with every permission each role grants (for the no-escalation rule). */
export async function resolveRoles(
  db: Executor,
  uuids: readonly string[],
  field = 'roles',
): Promise<{ id: number; permissions: string[] }[]> {
  const wanted = [...new Set(uuids)];
  if (!wanted.length) {
    return [];
  }
  const rows = await db
    .select({ id: roles.id, permission: permissions.name })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(roles.uuid, wanted));
  const byId = new Map<number, string[]>();
  for (const row of rows) {
    const list = byId.get(row.id) ?? [];
    if (row.permission) {
      list.push(row.permission);
    }
    byId.set(row.id, list);
  }
  if (byId.size !== wanted.length) {
    throw validationError({ [field]: [MESSAGES.unknownReference] });
  }
  return [...byId.entries()].map(([id, perms]) => ({ id, permissions: perms }));
}

/** PostgreSQL's unique_violation, e.g. two requests racing for the same e-mail or name. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
