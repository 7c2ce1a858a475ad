import { APP_USER_TYPES, MESSAGES } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contacts } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * SSO_ONLY_FOR_STAFF: staff and freelancers sign in through the identity provider only, so leaving the agency's
 * directory ends their access; client contacts keep their passwords. Asked only once the password proved right,
 * so the answer tells nothing to someone guessing.
 */
export async function passwordRefusedForStaff(ctx: AppContext, userId: number): Promise<boolean> {
  if (!ctx.config.sso?.onlyForStaff) {
    return false;
  }
  const [staff] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.type, [...APP_USER_TYPES])))
    .limit(1);
  return staff !== undefined;
}

export const ssoOnlyRefusal = () =>
  new AppError(403, MESSAGES.ssoOnly, { code: 'sso_only', errors: { email: [MESSAGES.ssoOnly] } });
