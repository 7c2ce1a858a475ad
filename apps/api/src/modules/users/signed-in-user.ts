import { type SignedInUser, userResponseSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import type { ContactPreferences } from '../../db/schema';
import { permissionNamesOf } from '../../db/user-permissions';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import { enrolmentRequiredSql } from '../mfa/required-roles';

type Row = {
  uuid: string;
  name: string;
  email: string;
  phone: string | null;
  job_title: string | null;
  contact_uuid: string;
  type: SignedInUser['contact']['type'];
  preferences: ContactPreferences;
  mfa_enrolment_required: boolean;
  roles: string[];
  permissions: string[];
  push_tokens: string[];
};

/** Loads the signed-in user of doc 1 §3 in one round trip. */
export async function findSignedInUser(db: Database, userId: number, isSuperUser: boolean): Promise<SignedInUser> {
  const result = await db.execute<Row>(sql`
    select u.uuid, c.name, u.email, c.phone, c.job_title, c.uuid as contact_uuid, c.type, c.preferences,
      array(select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id order by r.name)
        as roles,
      ${permissionNamesOf(sql`u.id`)} as permissions,
      array(select pt.token from push_tokens pt where pt.user_id = u.id order by pt.id) as push_tokens,
      ${enrolmentRequiredSql(sql`u.id`)} as mfa_enrolment_required
    from users u join contacts c on c.user_id = u.id
    where u.id = ${userId}
  `);
  const row = result.rows[0];
  if (!row) {
    throw notFound();
  }
  return {
    uuid: row.uuid,
    name: row.name,
    email: row.email,
    phone: row.phone,
    job_title: row.job_title,
    roles: row.roles.map((name) => ({ name })),
    permissions: row.permissions.map((name) => ({ name })),
    contact: { uuid: row.contact_uuid, type: row.type },
    preferences: {
      sms_notifications: row.preferences.sms_notifications ?? null,
      push_notifications: row.preferences.push_notifications ?? '1',
      theme: row.preferences.theme ?? 'system',
    },
    push_tokens: row.push_tokens.map((token) => ({ token })),
    is_super_user: isSuperUser,
    mfa_enrolment_required: row.mfa_enrolment_required,
  };
}

/**
 * The GET /user answer as JSON text, encoded through its output schema (so the allow-list still applies) and kept
 * with the cached session until the user changes. It is the call every screen makes first.
 */
export async function signedInUserBody(ctx: AppContext, principal: Principal): Promise<string> {
  const entry = ctx.sessions.cache.get(principal.tokenHash);
  if (entry?.userBody) {
    return entry.userBody;
  }
  const user = await findSignedInUser(ctx.db, principal.userId, principal.isSuperUser);
  const body = JSON.stringify(userResponseSchema.encode({ data: user }));
  if (entry) {
    entry.userBody = body;
  }
  return body;
}
