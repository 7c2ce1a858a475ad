import { MESSAGES, type Role } from '@portal/domain';
import { count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { permissions, rolePermissions, roles, userRoles } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import { containsPattern } from '../../http/list-paging';
import { type Executor, isUniqueViolation, type Tx } from '../contacts/references';

type RoleRow = {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  permissions: string[];
  users_count: number;
};

/** Roles with their permission names and how many users hold them, in one statement. */
function selectRoles(where: SQL, tail: SQL = sql``): SQL {
  return sql`
    select r.id, r.uuid, r.name, r.description,
      array(
        select p.name from role_permissions rp join permissions p on p.id = rp.permission_id
        where rp.role_id = r.id order by p.name
      ) as permissions,
      (select count(*)::int from user_roles ur where ur.role_id = r.id) as users_count
    from roles r
    where ${where}
    ${tail}`;
}

function presentRole(row: RoleRow): Role {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    permissions: row.permissions,
    users_count: row.users_count,
  };
}

export type RoleListQuery = {
  page: { size: number; number: number };
  search_term?: string;
  sort?: { by?: string; direction?: 'asc' | 'desc' };
};

export async function listRoles(db: Executor, query: RoleListQuery) {
  const where = query.search_term ? sql`r.name ilike ${containsPattern(query.search_term)}` : sql`true`;
  const direction = query.sort?.direction === 'desc' ? sql`desc` : sql`asc`;
  const column = query.sort?.by === 'users_count' ? sql`users_count` : sql`lower(r.name)`;
  const { size, number } = query.page;
  const [rows, count] = await Promise.all([
    db.execute<RoleRow>(
      selectRoles(where, sql`order by ${column} ${direction}, r.id limit ${size} offset ${(number - 1) * size}`),
    ),
    db.execute<{ total: number }>(sql`select count(*)::int as total from roles r where ${where}`),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return {
    data: rows.rows.map(presentRole),
    meta: { total, current_page: number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size },
  };
}

export async function getRole(db: Executor, where: { uuid: string } | { id: number }): Promise<Role> {
  const condition = 'uuid' in where ? sql`r.uuid = ${where.uuid}` : sql`r.id = ${where.id}`;
  const result = await db.execute<RoleRow>(selectRoles(condition));
  const row = result.rows[0];
  if (!row) {
    throw notFound();
  }
  return presentRole(row);
}

export async function listPermissionNames(db: Executor) {
  const rows = await db.select({ name: permissions.name }).from(permissions).orderBy(permissions.name);
  return rows;
}

type RoleInput = { name?: string; description?: string | null; permissions?: string[] };

async function assertNameFree(tx: Tx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})${exceptId ? sql` and ${roles.id} <> ${exceptId}` : sql``}`);
  if (taken) {
    throw validationError({ name: [MESSAGES.nameTaken] });
  }
}

async function setPermissions(tx: Tx, roleId: number, names: readonly string[]) {
  const wanted = [...new Set(names)];
  const rows = wanted.length
    ? await tx
        .select({ id: permissions.id, name: permissions.name })
        .from(permissions)
        .where(inArray(permissions.name, wanted))
    : [];
  if (rows.length !== wanted.length) {
    const known = new Set(rows.map((r) => r.name));
    const unknown = wanted.filter((n) => !known.has(n));
    throw validationError({ permissions: unknown.map((n) => `${MESSAGES.unknownReference}: ${n}`) });
  }
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (rows.length) {
    await tx.insert(rolePermissions).values(rows.map((p) => ({ roleId, permissionId: p.id })));
  }
}

const nameTakenOnRace = (error: unknown): never => {
  if (isUniqueViolation(error)) {
    throw validationError({ name: [MESSAGES.nameTaken] });
  }
  throw error;
};

export async function createRole(
  ctx: AppContext,
  input: Required<Pick<RoleInput, 'name' | 'permissions'>> & RoleInput,
) {
  const id = await ctx.db
    .transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const [role] = await tx
        .insert(roles)
        .values({ name: input.name, description: input.description ?? null })
        .returning({ id: roles.id });
      if (!role) {
        throw new Error('role not created');
      }
      await setPermissions(tx, role.id, input.permissions);
      return role.id;
    })
    .catch(nameTakenOnRace);
  return getRole(ctx.db, { id });
}

/**
 * PUT roles/{uuid}: the sent fields; permissions replaces the whole set. Every holder's permissions change, so all
 * cached sessions are dropped in the same transaction and the change applies on their next call.
 */
export async function updateRole(ctx: AppContext, uuid: string, input: RoleInput) {
  const id = await ctx.db
    .transaction(async (tx) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.uuid, uuid)).for('update');
      if (!role) {
        throw notFound();
      }
      if (input.name !== undefined) {
        await assertNameFree(tx, input.name, role.id);
      }
      await tx
        .update(roles)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description ?? null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(roles.id, role.id));
      if (input.permissions !== undefined) {
        await setPermissions(tx, role.id, input.permissions);
        await ctx.sessions.invalidate('all', tx);
      }
      return role.id;
    })
    .catch(nameTakenOnRace);
  return getRole(ctx.db, { id });
}

/** A role still held by someone is not deleted: their access would change without anyone deciding it. */
export async function deleteRole(ctx: AppContext, uuid: string) {
  await ctx.db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.uuid, uuid)).for('update');
    if (!role) {
      throw notFound();
    }
    const [held] = await tx.select({ value: count() }).from(userRoles).where(eq(userRoles.roleId, role.id));
    const holders = held?.value ?? 0;
    if (holders > 0) {
      throw new AppError(422, MESSAGES.roleInUse(holders), { code: 'role_in_use' });
    }
    await tx.delete(roles).where(eq(roles.id, role.id));
  });
}
