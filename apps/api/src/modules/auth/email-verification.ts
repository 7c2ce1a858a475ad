import type { SignedInUser } from '@portal/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { escapeHtml } from '../mail/html';
import { findSignedInUser } from '../users/signed-in-user';
import type { RequestMeta } from './request-meta';
import { generateToken, hashToken } from './tokens';

export const VERIFICATION_LINK_HOURS = 48;

export const VERIFY_MESSAGES = {
  // Also the answer when the address already has an account (its owner is mailed instead): it must not tell them apart.
  sent: 'We have sent you an e-mail. Please follow the link in it to continue, then you can sign in.',
  notVerified: 'Please verify your e-mail address first: follow the link we sent you (we have sent it again).',
  invalidLink: 'This verification link is invalid or has expired. Sign in to get a new one.',
} as const;

/** Stores a one-time verification token and mails its link (the web page /verify-email completes it). */
export async function sendVerificationLink(
  ctx: AppContext,
  user: { id: number; email: string; name: string },
  executor: DbExecutor = ctx.db,
): Promise<void> {
  const token = generateToken();
  await executor.insert(emailVerificationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_LINK_HOURS * 3_600_000),
  });
  const link = `${ctx.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Verify your e-mail address for Agency Portal',
    template: 'verify_email',
    secrets: [token],
    text: [
      `Hello ${user.name},`,
      '',
      'Please confirm that this is your e-mail address by following this link (it works once, for 48 hours):',
      link,
      '',
      'If you did not create an Agency Portal account, you can ignore this e-mail.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Please <a href="${link}">confirm your e-mail address</a> (the link works once, for 48 hours).</p><p>If you did not create an Agency Portal account, you can ignore this e-mail.</p>`,
  });
}

/** Follows a verification link: the account is verified and signed in (the link proved the mailbox). */
export async function verifyEmail(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<SignedInUser & { auth_token: string }> {
  const userId = await ctx.db.transaction(async (tx) => {
    const [match] = await tx
      .select({ id: emailVerificationTokens.id, userId: emailVerificationTokens.userId })
      .from(emailVerificationTokens)
      .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
          eq(users.status, 'active'),
        ),
      )
      .for('update', { of: emailVerificationTokens });
    if (!match) {
      throw new AppError(422, VERIFY_MESSAGES.invalidLink, {
        code: 'invalid_verification_token',
        errors: { token: [VERIFY_MESSAGES.invalidLink] },
      });
    }
    const now = new Date();
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(eq(emailVerificationTokens.userId, match.userId));
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, match.userId));
    return match.userId;
  });
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, userId) });
  const signedIn = await findSignedInUser(ctx.db, userId, ctx.config.superUserEmails.includes(user?.email ?? ''));
  return { ...signedIn, auth_token: await ctx.sessions.issue(userId, meta) };
}

/** The 403-like answer to a right password on an unverified account; the link is mailed again (rate limited). */
export async function refuseUnverified(ctx: AppContext, user: { id: number; email: string }): Promise<never> {
  try {
    await ctx.limiter.hit([{ key: `verify:resend:${user.email}`, rule: { limit: 3, windowSeconds: 3600 } }]);
    const contact = await ctx.db.query.contacts.findFirst({ where: (c, { eq: equals }) => equals(c.userId, user.id) });
    await sendVerificationLink(ctx, { ...user, name: contact?.name ?? user.email });
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 429)) {
      throw error;
    }
  }
  throw new AppError(422, VERIFY_MESSAGES.notVerified, {
    code: 'email_not_verified',
    errors: { email: [VERIFY_MESSAGES.notVerified] },
  });
}
