import { isPlainAsciiEmail, MESSAGES, type RegisterInput, type SignedInUser } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contacts, emailSkeletonOf, users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { acceptInvite, lockInviteByToken } from '../invites/invite-commands';
import { findSignedInUser } from '../users/signed-in-user';
import { sendVerificationLink, VERIFY_MESSAGES } from './email-verification';
import { addressBucket } from './client-address';
import type { RequestMeta } from './login';
import { hashPassword } from './passwords';

type ParsedRegister = Omit<RegisterInput, 'password_confirmation'>;

export const REGISTER_MESSAGES = {
  notPlain: 'Please enter the e-mail address in plain Latin letters.',
  lookAlike: 'This e-mail address looks like an existing account’s. Please check it, or sign in to that account.',
} as const;

export type RegisterResult = (SignedInUser & { auth_token: string }) | { message: string; verification_required: true };

/**
 * Self-registration creates a client-side account (type contact) with no roles: staff accounts are only made by
 * an admin. Without an invite the account cannot sign in until its owner follows the link mailed to the address
 * (so nobody can pre-register someone else's address and keep it); with an invite token (mailed to that address)
 * it is verified, attached to the inviting client and signed in, and the invite is used up in the same transaction.
 */
export async function register(ctx: AppContext, input: ParsedRegister, meta: RequestMeta): Promise<RegisterResult> {
  await ctx.limiter.hit([
    { key: `register:ip:${addressBucket(meta.ip)}`, rule: ctx.rateLimits.registerPerIp },
    { key: `register:account:${input.email}`, rule: ctx.rateLimits.registerPerAccount },
  ]);
  if (!isPlainAsciiEmail(input.email)) {
    throw validationError({ email: [REGISTER_MESSAGES.notPlain] });
  }
  const passwordHash = await hashPassword(input.password);
  const { userId, invited } = await ctx.db.transaction(async (tx) => {
    // An invite link is checked first and locked, so it is taken by exactly one registration.
    const invite = input.invite_token ? await lockInviteByToken(tx, input.invite_token, 'invite_token') : null;
    if (invite && invite.email !== input.email) {
      throw validationError({ email: [MESSAGES.inviteEmailMismatch] });
    }
    const lookAlike = await tx.execute(sql`
      select 1 from users
      where email_skeleton = ${emailSkeletonOf(sql`${input.email}::text`)} and email <> ${input.email}
      limit 1`);
    if (lookAlike.rows.length > 0) {
      throw validationError({ email: [REGISTER_MESSAGES.lookAlike] });
    }
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, emailVerifiedAt: invite ? new Date() : null })
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
    return { userId: user.id, invited: invite !== null };
  });
  if (!invited) {
    await sendVerificationLink(ctx, { id: userId, email: input.email, name: input.name });
    return { message: VERIFY_MESSAGES.sent, verification_required: true };
  }
  const signedIn = await findSignedInUser(ctx.db, userId, ctx.config.superUserEmails.includes(input.email));
  const token = await ctx.sessions.issue(userId, meta);
  return { ...signedIn, auth_token: token };
}
