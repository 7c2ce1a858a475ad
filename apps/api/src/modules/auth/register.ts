import { isPlainAsciiEmail, MESSAGES, type RegisterInput, type SignedInUser } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contacts, emailSkeletonOf, users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { acceptInvite, lockInviteByToken } from '../invites/invite-commands';
import { findSignedInUser } from '../users/signed-in-user';
import { addressBucket } from './client-address';
import { sendVerificationLink, VERIFY_MESSAGES } from './email-verification';
import { hashPassword } from './passwords';
import type { RequestMeta } from './request-meta';

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
  const outcome = await ctx.db.transaction(async (tx) => {
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
      // Whoever holds an invite for this address proved its mailbox, so they may learn it has an account.
      if (invite) {
        throw validationError({ email: [MESSAGES.emailTaken] });
      }
      return { taken: true } as const;
    }
    const [contact] = await tx
      .insert(contacts)
      .values({ userId: user.id, name: input.name, email: input.email, type: 'contact' })
      .returning({ id: contacts.id });
    if (invite && contact) {
      await acceptInvite(tx, invite, { contactId: contact.id, userId: user.id });
    }
    return { taken: false, userId: user.id, invited: invite !== null } as const;
  });
  if (outcome.taken) {
    // The same answer as a new registration, after the same kind of work (hash, one mail): the form must not tell
    // whether an address has an account. Its owner hears of the attempt instead.
    await mailRegistrationAttempt(ctx, input.email);
    return { message: VERIFY_MESSAGES.sent, verification_required: true };
  }
  const { userId, invited } = outcome;
  if (!invited) {
    await sendVerificationLink(ctx, { id: userId, email: input.email, name: input.name });
    return { message: VERIFY_MESSAGES.sent, verification_required: true };
  }
  const signedIn = await findSignedInUser(ctx.db, userId, ctx.config.superUserEmails.includes(input.email));
  const token = await ctx.sessions.issue(userId, meta);
  return { ...signedIn, auth_token: token };
}

/**
 * Tells the owner of an existing account that someone tried to register with its address: where to sign in, and
 * where to choose a new password. No secret link: a reset link is only mailed when its owner asks for one.
 */
async function mailRegistrationAttempt(ctx: AppContext, email: string): Promise<void> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (user?.status !== 'active') {
    return;
  }
  const signIn = `${ctx.config.appUrl}/login`;
  const forgot = `${ctx.config.appUrl}/forgot-password`;
  await ctx.mailer.send({
    to: email,
    subject: 'Someone tried to register with your e-mail address',
    template: 'register_attempt',
    text: [
      'Someone tried to create an Agency Portal account with this e-mail address, which already has an account.',
      'Nothing was changed.',
      '',
      `If it was you, sign in here: ${signIn}`,
      `If you forgot your password, choose a new one here: ${forgot}`,
      '',
      'If it was not you, you can ignore this e-mail: your account and password stay as they are.',
    ].join('\n'),
    html: `<p>Someone tried to create an Agency Portal account with this e-mail address, which already has an account. Nothing was changed.</p><p>If it was you, <a href="${signIn}">sign in</a>. If you forgot your password, <a href="${forgot}">choose a new one</a>.</p><p>If it was not you, you can ignore this e-mail: your account and password stay as they are.</p>`,
  });
}
