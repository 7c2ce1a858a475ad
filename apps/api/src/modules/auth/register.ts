import { MESSAGES, type RegisterInput, type SignedInUser } from '@portal/domain';
import type { AppContext } from '../../context';
import { contacts, users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { acceptInvite, lockInviteByToken } from '../invites/invite-commands';
import { findSignedInUser } from '../users/signed-in-user';
import type { RequestMeta } from './login';
import { hashPassword } from './passwords';

type ParsedRegister = Omit<RegisterInput, 'password_confirmation'>;

/**
 * Self-registration creates a client-side account (type contact) with no roles: staff accounts are only made by
 * an admin. With an invite token the account is attached to the inviting client and the invite is used up, in the
 * same transaction.
 */
export async function register(
  ctx: AppContext,
  input: ParsedRegister,
  meta: RequestMeta,
): Promise<SignedInUser & { auth_token: string }> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    // An invite link is checked first and locked, so it is taken by exactly one registration.
    const invite = input.invite_token ? await lockInviteByToken(tx, input.invite_token, 'invite_token') : null;
    if (invite && invite.email !== input.email) {
      throw validationError({ email: [MESSAGES.inviteEmailMismatch] });
    }
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) {
      throw validationError({ email: [MESSAGES.emailTaken] });
    }
    const [contact] = await tx
      .insert(contacts)
      .values({ userId: user.id, name: input.name, email: input.email, type: 'contact' })
      .returning({ id: contacts.id });
    if (invite && contact) {
      await acceptInvite(tx, invite, { contactId: contact.id, userId: user.id });
    }
    return user.id;
  });
  const signedIn = await findSignedInUser(ctx.db, userId, ctx.config.superUserEmails.includes(input.email));
  const token = await ctx.sessions.issue(userId, meta);
  return { ...signedIn, auth_token: token };
}
