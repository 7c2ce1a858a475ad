import { MESSAGES, type SignedInUser } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { findSignedInUser } from '../users/signed-in-user';
import { refuseUnverified } from './email-verification';
import { voidPasswordResetLinks } from './password-reset';
import { dummyPasswordHash, verifyPassword } from './passwords';

export type RequestMeta = { ip: string; userAgent?: string };

const invalidCredentials = () =>
  new AppError(422, MESSAGES.invalidCredentials, {
    code: 'invalid_credentials',
    errors: { email: [MESSAGES.invalidCredentials] },
  });

/**
 * Signs a user in. Unknown e-mail, wrong password and inactive account answer the same message after the same
 * amount of work, so the answer never tells whether an e-mail exists.
 */
export async function logIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<SignedInUser & { auth_token: string }> {
  // Every attempt counts while it runs (so parallel guesses are limited too); a successful one is refunded, since
  // the limits are against guessing, not against a person signing in on several devices or an office behind one IP.
  // Guesses are counted per (account, address): an attacker elsewhere cannot lock the owner out. The account-wide
  // ceiling is far higher and ignores devices that signed in to the account before.
  const limits = ctx.rateLimits;
  const pairKey = `login:pair:${input.email}:${meta.ip}`;
  const knownKey = `login:known:${input.email}:${meta.ip}`;
  const limited = [
    { key: `login:ip:${meta.ip}`, rule: limits.loginPerIp },
    { key: pairKey, rule: limits.loginPerAccountIp },
  ];
  if (!(await ctx.limiter.isMarked(knownKey))) {
    limited.push({ key: `login:account:${input.email}`, rule: limits.loginPerAccount });
  }
  const counts = await ctx.limiter.hit(limited);
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
  if (!user || !valid || user.status !== 'active') {
    // For the audit trail: the e-mail as typed and the address it came from; no user id, so nobody is told live.
    const payload = { email: input.email, ip: meta.ip };
    ctx.events.publish([{ model: 'session', action: 'sign_in_failed', id: '', actorId: null, userIds: [], payload }]);
    throw invalidCredentials();
  }
  // Only someone who knows the password learns that the address still needs verifying.
  if (user.emailVerifiedAt === null) {
    await refuseUnverified(ctx, user);
  }
  const isSuperUser = ctx.config.superUserEmails.includes(user.email);
  const signedIn = await findSignedInUser(ctx.db, user.id, isSuperUser);
  const token = await ctx.sessions.issue(user.id, meta);
  await voidPasswordResetLinks(ctx.db, user.id);
  await ctx.limiter.refund(limited.filter((entry) => entry.key !== pairKey).map((entry) => entry.key));
  await ctx.limiter.clear([pairKey]);
  await ctx.limiter.mark(knownKey, limits.knownDeviceSeconds);
  const payload = { email: user.email, ip: meta.ip };
  ctx.events.publish([{ model: 'session', action: 'sign_in', id: user.uuid, actorId: user.id, userIds: [], payload }]);
  return { ...signedIn, auth_token: token };
}
