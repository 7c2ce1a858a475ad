import { MESSAGES, type SecondFactorChallenge } from '@portal/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { signInLinkTokens, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { escapeHtml } from '../mail/html';
import type { RequestMeta } from './request-meta';
import { type SignedIn, signInOrChallenge } from './sign-in';
import { passwordRefusedForStaff, ssoOnlyRefusal } from './sso-only';
import { generateToken, hashToken } from './tokens';

/** Short: the link answers a sign-in that is happening now. */
export const SIGN_IN_LINK_MINUTES = 15;

/** At most this many links per account per window, so a password thief cannot flood the owner's mailbox. */
const LINKS_PER_ACCOUNT = { limit: 3, windowSeconds: SIGN_IN_LINK_MINUTES * 60 };

/**
 * The proof step of a sign-in past the account's guess ceiling (login.ts): stores a one-time token (its SHA-256
 * only) and mails the link that signs in with it. A password change voids it (trigger, migration 0029).
 */
export async function mailSignInLink(
  ctx: AppContext,
  user: { id: number; email: string },
  meta: RequestMeta,
): Promise<void> {
  try {
    await ctx.limiter.hit([{ key: `sign-in-link:mail:${user.email}`, rule: LINKS_PER_ACCOUNT }]);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      return;
    }
    throw error;
  }
  const token = generateToken();
  await ctx.db.insert(signInLinkTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60_000),
  });
  const address = escapeHtml(meta.ip);
  const link = `${ctx.config.appUrl}/sign-in-link?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your Agency Portal sign-in link',
    template: 'sign_in_link',
    secrets: [token],
    text: [
      `Someone signed in to your Agency Portal account with your password from a new device (address ${meta.ip}).`,
      'Many wrong passwords were tried on your account recently, so a new device needs this link as well.',
      '',
      `If it was you, open this link on that device to finish signing in (it works once, for ${SIGN_IN_LINK_MINUTES} minutes):`,
      link,
      '',
      'If it was not you, do not open the link, and change your password with "Forgot password?".',
    ].join('\n'),
    html: `<p>Someone signed in to your Agency Portal account with your password from a new device (address ${address}).</p><p>Many wrong passwords were tried on your account recently, so a new device needs this link as well.</p><p>If it was you, <a href="${link}">finish signing in</a> on that device (the link works once, for ${SIGN_IN_LINK_MINUTES} minutes).</p><p>If it was not you, do not open the link, and change your password with "Forgot password?".</p>`,
  });
}

/**
 * Follows an e-mailed sign-in link: signs in, and the device becomes known to the account, so its later sign-ins
 * with the password are not held to the ceiling. Following a mailed link proves the mailbox, as a reset link does.
 */
export async function signInWithLink(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<SignedIn | SecondFactorChallenge> {
  const user = await ctx.db.transaction(async (tx) => {
    const [match] = await tx
      .select({ tokenId: signInLinkTokens.id, id: users.id, uuid: users.uuid, email: users.email })
      .from(signInLinkTokens)
      .innerJoin(users, eq(users.id, signInLinkTokens.userId))
      .where(
        and(
          eq(signInLinkTokens.tokenHash, hashToken(token)),
          isNull(signInLinkTokens.usedAt),
          gt(signInLinkTokens.expiresAt, new Date()),
          eq(users.status, 'active'),
        ),
      )
      // Two openings of the same link race for this row; the lock makes exactly one of them win.
      .for('update', { of: signInLinkTokens });
    if (!match) {
      throw new AppError(422, MESSAGES.signInLinkInvalid, {
        code: 'invalid_sign_in_link',
        errors: { token: [MESSAGES.signInLinkInvalid] },
      });
    }
    // Checked before the link is spent, so it still works once maintenance is over.
    if (ctx.config.maintenance && !ctx.config.maintenanceBypassEmails.includes(match.email)) {
      throw new AppError(503, MESSAGES.maintenance, { code: 'maintenance' });
    }
    const now = new Date();
    await tx.update(signInLinkTokens).set({ usedAt: now }).where(eq(signInLinkTokens.id, match.tokenId));
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, match.id));
    return match;
  });
  // A link mailed before SSO_ONLY_FOR_STAFF was turned on is the password step's, so it is refused alike.
  if (await passwordRefusedForStaff(ctx, user.id)) {
    throw ssoOnlyRefusal();
  }
  // The link proves the mailbox, not the second factor: an account with one still gets the second step.
  return signInOrChallenge(ctx, user, meta, 'sign_in_link');
}
