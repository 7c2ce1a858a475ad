import { MESSAGES, type RegisterInput, type SignedInUser } from '@portal/domain';
import type { AppContext } from '../../context';
import { contacts, users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { findSignedInUser } from '../users/signed-in-user';
import type { RequestMeta } from './login';
import { hashPassword } from './passwords';

type ParsedRegister = Omit<RegisterInput, 'password_confirmation'>;

/**
 * Self-registration creates a client-side account (type contact) with no roles: staff accounts are only made by
 * an admin. Client invites attach such an account to its client.
 */
export async function register(
  ctx: AppContext,
  input: ParsedRegister,
  meta: RequestMeta,
): Promise<SignedInUser & { auth_token: string }> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) {
      throw validationError({ email: [MESSAGES.emailTaken] });
    }
    await tx.insert(contacts).values({ userId: user.id, name: input.name, email: input.email, type: 'contact' });
    return user.id;
  });
  const signedIn = await findSignedInUser(ctx.db, userId, ctx.config.superUserEmails.includes(input.email));
  const token = await ctx.sessions.issue(userId, meta);
  return { ...signedIn, auth_token: token };
}
