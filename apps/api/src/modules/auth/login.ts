import { MESSAGES, type SecondFactorChallenge } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { addressBucket, knownDeviceKey } from './client-address';
import { refuseUnverified } from './email-verification';
import { voidPasswordResetLinks } from './password-reset';
import { dummyPasswordHash, verifyPassword } from './passwords';
import type { RateRule } from './rate-limiter';
import type { RequestMeta } from './request-meta';
import { type SignedIn, signInOrChallenge } from './sign-in';
import { mailSignInLink } from './sign-in-link';
import { passwordRefusedForStaff, ssoOnlyRefusal } from './sso-only';

const invalidCredentials = () =>
  new AppError(422, MESSAGES.invalidCredentials, {
    code: 'invalid_credentials',
    errors: { email: [MESSAGES.invalidCredentials] },
  });

export type LoginOutcome = SignedIn | SecondFactorChallenge | { sign_in_link_sent: true };

/**
 * Signs a user in. Unknown e-mail, wrong password and inactive account answer the same message after the same
 * amount of work, so the answer never tells whether an e-mail exists.
 */
export async function logIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<LoginOutcome> {
  // Every attempt counts while it runs (so parallel guesses are limited too); a successful one is refunded, since
  // the limits are against guessing, not against a person signing in on several devices or an office behind one IP.
  // Guesses are counted per (account, address): an attacker elsewhere cannot lock the owner out. Addresses count
  // by bucket (an IPv6 /64 is one), so one network cannot pose as many. The account-wide ceiling is far higher,
  // ignores devices that signed in to the account before, and refuses nobody: past it a new device needs a proof.
  const limits = ctx.rateLimits;
  const address = addressBucket(meta.ip);
  const pairKey = `login:pair:${input.email}:${address}`;
  const knownKey = knownDeviceKey(input.email, meta.ip);
  const accountKey = `login:account:${input.email}`;
  const limited: { key: string; rule: RateRule; refuse?: false }[] = [
    { key: `login:ip:${address}`, rule: limits.loginPerIp },
    { key: pairKey, rule: limits.loginPerAccountIp },
  ];
  const knownDevice = await ctx.limiter.isMarked(knownKey);
  if (!knownDevice) {
    limited.push({ key: accountKey, rule: limits.loginPerAccount, refuse: false });
  }
  const counts = await ctx.limiter.hit(limited);
  const proofNeeded = !knownDevice && (counts.get(accountKey) ?? 0) > limits.loginPerAccount.limit;
  // Repeated guesses from one place wait longer and longer before they learn the answer.
  const delay = limits.loginDelayMs(counts.get(pairKey) ?? 1);
  if (delay > 0) {
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  if (ctx.config.maintenance && !ctx.config.maintenanceBypassEmails.includes(input.email)) {
    throw new AppError(503, MESSAGES.maintenance, { code: 'maintenance' });
  }
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  const accepted = user !== undefined && valid && user.status === 'active';
  if (!accepted) {
    // For the audit trail: the e-mail as typed and the address it came from; no user id, so nobody is told live.
    const payload = { email: input.email, ip: meta.ip };
    ctx.events.publish([{ model: 'session', action: 'sign_in_failed', id: '', actorId: null, userIds: [], payload }]);
  }
  // Staff under SSO_ONLY_FOR_STAFF: the password was right, but it is not their way in (sso-only.ts).
  const ssoOnly = accepted && (await passwordRefusedForStaff(ctx, user.id));
  if (proofNeeded) {
    // Past the ceiling every answer is the same, right password or not, so a guesser with many addresses learns
    // nothing from it; only the owner's mailbox hears that the password was right, and the link proves the owner.
    if (accepted && !ssoOnly) {
      await mailSignInLink(ctx, user, meta);
    }
    return { sign_in_link_sent: true };
  }
  if (!accepted) {
    throw invalidCredentials();
  }
  if (ssoOnly) {
    throw ssoOnlyRefusal();
  }
  // Only someone who knows the password learns that the address still needs verifying.
  if (user.emailVerifiedAt === null) {
    await refuseUnverified(ctx, user);
  }
  // The password was right: its guesses are refunded even when a second step follows (limited on its own).
  await voidPasswordResetLinks(ctx.db, user.id);
  await ctx.limiter.refund(limited.filter((entry) => entry.key !== pairKey).map((entry) => entry.key));
  await ctx.limiter.clear([pairKey]);
  return signInOrChallenge(ctx, user, meta);
}
