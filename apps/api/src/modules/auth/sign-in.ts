import { MESSAGES, type SecondFactorChallenge, type SignedInUser } from '@portal/domain';
import type { AppContext } from '../../context';
import { issueChallenge, secondFactorMethods } from '../mfa';
import { findSignedInUser } from '../users/signed-in-user';
import { knownDeviceKey } from './client-address';
import type { RequestMeta } from './request-meta';

export type SignedIn = SignedInUser & { auth_token: string };
type Account = { id: number; uuid: string; email: string };

/**
 * The end of every sign-in (password, e-mailed link, second step): a session, the device known to the account (its
 * later password sign-ins are not held to the guess ceiling), and the sign-in announced for the audit trail.
 */
export async function finishSignIn(ctx: AppContext, user: Account, meta: RequestMeta, via?: string): Promise<SignedIn> {
  const signedIn = await findSignedInUser(ctx.db, user.id, ctx.config.superUserEmails.includes(user.email));
  const token = await ctx.sessions.issue(user.id, meta);
  await ctx.limiter.mark(knownDeviceKey(user.email, meta.ip), ctx.rateLimits.knownDeviceSeconds);
  const payload = { email: user.email, ip: meta.ip, ...(via ? { via } : {}) };
  ctx.events.publish([{ model: 'session', action: 'sign_in', id: user.uuid, actorId: user.id, userIds: [], payload }]);
  return { ...signedIn, auth_token: token };
}

/**
 * After a first step that proved the password or the mailbox: an account with a second factor gets a challenge
 * for POST login/second-factor instead of a session, so no first step (password or link) signs in alone.
 */
export async function signInOrChallenge(
  ctx: AppContext,
  user: Account,
  meta: RequestMeta,
  via?: string,
): Promise<SignedIn | SecondFactorChallenge> {
  const methods = await secondFactorMethods(ctx.db, user.id);
  if (methods.length > 0) {
    return {
      message: MESSAGES.secondFactorRequired,
      second_factor_required: true,
      challenge: await issueChallenge(ctx.db, user.id),
      methods,
    };
  }
  return finishSignIn(ctx, user, meta, via);
}
