import { MESSAGES } from '@portal/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { escapeHtml } from '../mail/html';
import { addressBucket } from './client-address';
import { hashPassword } from './passwords';
import type { RequestMeta } from './request-meta';
import { generateToken, hashToken } from './tokens';

/** Stores a one-time reset token for the user and returns the /reset link that carries it, and the token (a secret). */
async function issueResetLink(
  ctx: AppContext,
  userId: number,
  email: string,
  minutes: number,
): Promise<{ link: string; token: string }> {
  const token = generateToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return {
    link: `${ctx.config.appUrl}/reset?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`,
    token,
  };
}

/** A new login made by an admin has no usable password until its owner picks one; the link lasts a week. */
export const WELCOME_LINK_MINUTES = 7 * 24 * 60;

/**
 * Mails a new staff or freelancer login the link to choose its first password. It is the reset flow with a longer
 * window, so setting the password, its single use and the sign-out of other sessions behave the same.
 */
export async function sendWelcomeSetPasswordLink(
  ctx: AppContext,
  user: { id: number; email: string; name: string },
): Promise<void> {
  const { link, token } = await issueResetLink(ctx, user.id, user.email, WELCOME_LINK_MINUTES);
  const name = escapeHtml(user.name);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Welcome to Agency Portal — set your password',
    template: 'welcome',
    secrets: [token],
    text: [
      `Hello ${user.name},`,
      '',
      'An account has been created for you on Agency Portal.',
      'Choose your password here (the link works once, for 7 days):',
      link,
    ].join('\n'),
    html: `<p>Hello ${name},</p><p>An account has been created for you on Agency Portal.</p><p><a href="${link}">Choose your password</a> (the link works once, for 7 days).</p>`,
  });
}

/** Mails a reset link when the account exists. The caller answers the same either way. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.limiter.hit([
    { key: `forgot:ip:${addressBucket(meta.ip)}`, rule: ctx.rateLimits.forgotPerIp },
    { key: `forgot:account:${email}`, rule: ctx.rateLimits.forgotPerAccount },
  ]);
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (user?.status !== 'active') {
    return;
  }
  const minutes = ctx.config.auth.passwordResetMinutes;
  const { link, token } = await issueResetLink(ctx, user.id, email, minutes);
  await ctx.mailer.send({
    to: email,
    subject: 'Reset your Agency Portal password',
    template: 'password_reset',
    secrets: [token],
    text: [
      'Someone asked to reset the password of your Agency Portal account.',
      '',
      `Choose a new password here (the link works once, for ${minutes} minutes):`,
      link,
      '',
      'If you did not ask for this, you can ignore this e-mail.',
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your Agency Portal account.</p><p><a href="${link}">Choose a new password</a> (the link works once, for ${minutes} minutes).</p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
  });
}

/**
 * Signing in with the password shows its owner still holds it: reset links someone asked for meanwhile stop working.
 * A password change by any path voids them in the database (trigger of migration 0028).
 */
export async function voidPasswordResetLinks(executor: DbExecutor, userId: number): Promise<void> {
  await executor
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Sets a new password from a valid, unused, unexpired link; every session of the account is signed out. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; email: string; password: string },
): Promise<void> {
  const invalid = () =>
    new AppError(422, MESSAGES.resetTokenInvalid, {
      code: 'invalid_reset_token',
      errors: { token: [MESSAGES.resetTokenInvalid] },
    });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const [match] = await tx
      .select({ resetId: passwordResetTokens.id, userId: users.id })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          eq(users.email, input.email),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      // Two submissions of the same link race for this row; the lock makes exactly one of them win.
      .for('update', { of: passwordResetTokens });
    if (!match) {
      throw invalid();
    }
    const now = new Date();
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.userId, match.userId));
    await tx
      .update(users)
      // Following a mailed link proves the mailbox, as the verification link would.
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      })
      .where(eq(users.id, match.userId));
    await ctx.sessions.revokeAllForUser(match.userId, tx);
  });
}
