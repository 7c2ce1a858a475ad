import { MESSAGES } from '@portal/domain';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mfaRequiredRoles, roles } from '../../db/schema';
import { validationError } from '../../http/errors';

/**
 * Whether a user must enrol a second factor before anything else answers: one of their roles requires one and they
 * have no confirmed authenticator and no passkey. The session lookup and the signed-in user read it with the same SQL, so the
 * screen the web shows and the answers the API gives cannot disagree.
 */
export const enrolmentRequiredSql = (userId: SQL | number) => sql`(
  not exists (select 1 from mfa_totp m where m.user_id = ${userId} and m.confirmed_at is not null)
  and not exists (select 1 from passkeys pk where pk.user_id = ${userId})
  and exists (
    select 1 from user_roles ur join mfa_required_roles q on q.role_id = ur.role_id where ur.user_id = ${userId}
  )
)`;

/** Whether one of the user's roles requires a second factor (the Security screen says so). */
export async function roleRequiresFactor(db: Database, userId: number): Promise<boolean> {
  const result = await db.execute<{ required: boolean }>(sql`
    select exists (
      select 1 from user_roles ur join mfa_required_roles q on q.role_id = ur.role_id where ur.user_id = ${userId}
    ) as required`);
  return result.rows[0]?.required === true;
}

export async function listRequiredRoleUuids(db: Database): Promise<string[]> {
  const rows = await db
    .select({ uuid: roles.uuid })
    .from(mfaRequiredRoles)
    .innerJoin(roles, sql`${roles.id} = ${mfaRequiredRoles.roleId}`)
    .orderBy(roles.name);
  return rows.map((row) => row.uuid);
}

/** Replaces the list; an unknown role is refused rather than dropped, so the admin's choice is never half saved. */
export async function saveRequiredRoles(db: Database, roleUuids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(roleUuids)];
  const found = wanted.length
    ? await db.select({ id: roles.id, uuid: roles.uuid }).from(roles).where(inArray(roles.uuid, wanted))
    : [];
  if (found.length !== wanted.length) {
    throw validationError({ role_uuids: [MESSAGES.secondFactorRoleInvalid] });
  }
  await db.transaction(async (tx) => {
    await tx.delete(mfaRequiredRoles);
    if (found.length) {
      await tx.insert(mfaRequiredRoles).values(found.map((role) => ({ roleId: role.id })));
    }
  });
  return listRequiredRoleUuids(db);
}
