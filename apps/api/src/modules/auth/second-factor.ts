import { MESSAGES, type WebauthnResponse } from '@portal/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import {
  acceptAssertion,
  acceptSecondFactor,
  assertionOptions,
  challengeOwner,
  lockChallenge,
  spendChallenge,
} from '../mfa';
import { addressBucket } from './client-address';
import type { RequestMeta } from './request-meta';
import { finishSignIn, type SignedIn } from './sign-in';

const challengeRefused = () =>
  new AppError(422, MESSAGES.secondFactorChallengeInvalid, {
    code: 'invalid_second_factor_challenge',
    errors: { challenge: [MESSAGES.secondFactorChallengeInvalid] },
  });

/**
 * POST login/second-factor: spends the challenge of a right first step with a TOTP or recovery code, or with a
 * passkey's signature over the options POST login/second-factor/passkey-options answered for this challenge. Limited like
 * the password step, per address and per (account, address) with the same growing pause, and counted per account
 * rather than per challenge: a new challenge (the password typed again) does not buy new guesses. A right code
 * refunds the attempt.
 */
export async function completeSecondFactor(
  ctx: AppContext,
  input: { challenge: string; code?: string; assertion?: WebauthnResponse },
  meta: RequestMeta,
): Promise<SignedIn> {
  const limits = ctx.rateLimits;
  const address = addressBucket(meta.ip);
  const ipKey = `second-factor:ip:${address}`;
  await ctx.limiter.hit([{ key: ipKey, rule: limits.loginPerIp }]);
  const owner = await challengeOwner(ctx.db, input.challenge);
  if (owner === undefined) {
    throw challengeRefused();
  }
  const pairKey = `second-factor:pair:${owner}:${address}`;
  const counts = await ctx.limiter.hit([{ key: pairKey, rule: limits.loginPerAccountIp }]);
  const delay = limits.loginDelayMs(counts.get(pairKey) ?? 1);
  if (delay > 0) {
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const challenge = await lockChallenge(tx, input.challenge);
    if (!challenge) {
      throw challengeRefused();
    }
    const accepted = input.assertion
      ? (await acceptAssertion(
          tx,
          ctx,
          { purpose: 'second_factor', handle: input.challenge, userId: challenge.userId },
          input.assertion,
        )) === challenge.userId
      : await acceptSecondFactor(tx, ctx.secrets, challenge.userId, input.code ?? '');
    if (accepted) {
      await spendChallenge(tx, challenge.id);
    }
    return { challenge, accepted };
  });
  const { userId, uuid, email } = outcome.challenge;
  if (!outcome.accepted) {
    const payload = { email, ip: meta.ip };
    ctx.events.publish([
      { model: 'session', action: 'second_factor_failed', id: uuid, actorId: null, userIds: [], payload },
    ]);
    if (input.assertion) {
      throw new AppError(422, MESSAGES.passkeyRefused, {
        code: 'invalid_passkey',
        errors: { assertion: [MESSAGES.passkeyRefused] },
      });
    }
    throw new AppError(422, MESSAGES.secondFactorCodeInvalid, {
      code: 'invalid_second_factor_code',
      errors: { code: [MESSAGES.secondFactorCodeInvalid] },
    });
  }
  await ctx.limiter.refund([ipKey]);
  await ctx.limiter.clear([pairKey]);
  return finishSignIn(
    ctx,
    { id: userId, uuid, email },
    meta,
    input.assertion ? 'passkey_second_factor' : 'second_factor',
  );
}

/** POST login/second-factor/passkey-options: the options a passkey of this sign-in's person signs. */
export async function passkeyStepOptions(ctx: AppContext, challenge: string, meta: RequestMeta) {
  await ctx.limiter.hit([{ key: `second-factor:ip:${addressBucket(meta.ip)}`, rule: ctx.rateLimits.loginPerIp }]);
  const owner = await challengeOwner(ctx.db, challenge);
  if (owner === undefined) {
    throw challengeRefused();
  }
  return assertionOptions(ctx, { purpose: 'second_factor', userId: owner, handle: challenge });
}
