import { PERMISSIONS, type Permission } from '@portal/domain';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { permissions, rolePermissions, roles } from '../db/schema';

export const DEMO_ROLES: Record<string, { description: string; permissions: readonly Permission[] }> = {
  Admin: { description: 'Everything, including roles and groups.', permissions: PERMISSIONS },
  Manager: {
    description: 'Runs client work: everything but role, group and webhook administration.',
    // Webhooks are an admin setting, as migration 0035 gives them to roles holding ROLES_UPDATE.
    permissions: PERMISSIONS.filter(
      (p) => !p.startsWith('GROUPS_') && !p.startsWith('ROLES_') && p !== 'WEBHOOKS_MANAGE',
    ),
  },
  Freelancer: {
    description: 'Works on tasks, logs time and reads requests.',
    permissions: [
      'DASHBOARD_READ',
      'TASKS_READ',
      'TASKS_CREATE',
      'TASKS_UPDATE',
      'TIMELOG_READ',
      'TIMELOG_CREATE',
      'REQUEST_READ',
      'COMMENTS_READ',
      'COMMENTS_CREATE',
      // Their own comments only: edit and delete are the author's (doc 2 §4).
      'COMMENTS_UPDATE',
      'COMMENTS_DESTROY',
    ],
  },
};

/** Creates a role with exactly these permissions (or returns the existing one by name). */
export async function ensureRole(
  db: Database,
  name: string,
  description: string,
  names: readonly Permission[],
): Promise<number> {
  const [created] = await db
    .insert(roles)
    .values({ name, description })
    .onConflictDoUpdate({ target: roles.name, set: { description } })
    .returning({ id: roles.id });
  if (!created) {
    throw new Error(`Role ${name} could not be created`);
  }
  if (names.length) {
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...names]));
    await db
      .insert(rolePermissions)
      .values(rows.map((p) => ({ roleId: created.id, permissionId: p.id })))
      .onConflictDoNothing();
  }
  return created.id;
}
