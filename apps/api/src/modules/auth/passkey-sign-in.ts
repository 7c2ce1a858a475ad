import { MESSAGES, type WebauthnResponse } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { acceptAssertion, assertionOptions, hasPasskeySignIn } from '../mfa';
import { addressBucket } from './client-address';
import type { RequestMeta } from './request-meta';
import { finishSignIn, type SignedIn } from './sign-in';
import { generateToken } from './tokens';

const refused = (message: string = MESSAGES.passkeyRefused) =>
  new AppError(422, message, { code: 'invalid_passkey', errors: { assertion: [message] } });

/** POST login/passkey/options: a passwordless sign-in's options and the handle that names them. */
export async function passkeySignInOptions(ctx: AppContext, meta: RequestMeta) {
  await ctx.limiter.hit([{ key: `passkey:ip:${addressBucket(meta.ip)}`, rule: ctx.rateLimits.loginPerIp }]);
  const handle = generateToken();
  return { handle, options: await assertionOptions(ctx, { purpose: 'sign_in', handle }) };
}

/**
 * POST login/passkey: signs in with a passkey alone, for people who chose it on their Security screen. The
 * passkey must verify its user (PIN, fingerprint), so it stands for both factors. Limited like the password step.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  input: { handle: string; assertion: WebauthnResponse },
  meta: RequestMeta,
): Promise<SignedIn> {
  await ctx.limiter.hit([{ key: `passkey:ip:${addressBucket(meta.ip)}`, rule: ctx.rateLimits.loginPerIp }]);
  const userId = await acceptAssertion(ctx.db, ctx, { purpose: 'sign_in', handle: input.handle }, input.assertion);
  if (userId === null) {
    throw refused();
  }
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (user?.status !== 'active') {
    throw refused();
  }
  if (!(await hasPasskeySignIn(ctx.db, userId))) {
    throw refused(MESSAGES.passkeyNotForSignIn);
  }
  return finishSignIn(ctx, { id: user.id, uuid: user.uuid, email: user.email }, meta, 'passkey');
}
