import { MESSAGES, type WebauthnResponse } from '@portal/domain';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { passkeys } from '../../db/schema';
import { AppError } from '../../http/errors';
import { loadWebauthn, rememberChallenge, spendWebauthnChallenge, type WebauthnPurpose } from './webauthn-challenges';

/**
 * Options for a passkey to sign: the person's own passkeys for the second step of their sign-in (named by its
 * challenge), or any passkey of this site for a passwordless sign-in (named by a fresh handle). A passwordless
 * sign-in needs user verification (PIN, fingerprint): the passkey stands for both factors then.
 */
export async function assertionOptions(
  ctx: AppContext,
  request: { purpose: 'second_factor'; userId: number; handle: string } | { purpose: 'sign_in'; handle: string },
) {
  const { rpId } = ctx.config.webauthn;
  const allow =
    request.purpose === 'second_factor'
      ? await ctx.db
          .select({ id: passkeys.credentialId, transports: passkeys.transports })
          .from(passkeys)
          .where(eq(passkeys.userId, request.userId))
      : [];
  if (request.purpose === 'second_factor' && allow.length === 0) {
    throw new AppError(409, MESSAGES.passkeyRefused, { code: 'no_passkey' });
  }
  const { generateAuthenticationOptions } = await loadWebauthn();
  const options = await generateAuthenticationOptions({
    rpID: rpId,
    allowCredentials: allow,
    userVerification: request.purpose === 'sign_in' ? 'required' : 'preferred',
  });
  await rememberChallenge(ctx.db, {
    purpose: request.purpose,
    handle: request.handle,
    challenge: options.challenge,
    ...(request.purpose === 'second_factor' ? { userId: request.userId } : {}),
  });
  // The output schema is a plain record: the options are the library's, built from our own rows.
  return { ...options };
}

/**
 * Checks a passkey's signature over the options named by `handle` and answers whose passkey it is, or null. The
 * options are spent first, so an assertion is tried once. For the second step the passkey must be the person's;
 * the signature counter is kept so a cloned authenticator shows.
 */
export async function acceptAssertion(
  db: DbExecutor,
  ctx: Pick<AppContext, 'config'>,
  request: { purpose: Exclude<WebauthnPurpose, 'registration'>; handle: string; userId?: number },
  assertion: WebauthnResponse,
): Promise<number | null> {
  const { rpId, origins } = ctx.config.webauthn;
  const pending = await spendWebauthnChallenge(db, { purpose: request.purpose, handle: request.handle });
  if (!pending || (request.userId !== undefined && pending.userId !== request.userId)) {
    return null;
  }
  const [key] = await db
    .select()
    .from(passkeys)
    .where(
      and(
        eq(passkeys.credentialId, assertion.id),
        request.userId !== undefined ? eq(passkeys.userId, request.userId) : undefined,
      ),
    );
  if (!key) {
    return null;
  }
  const { verifyAuthenticationResponse } = await loadWebauthn();
  const verification = await verifyAuthenticationResponse({
    response: assertion as unknown as AuthenticationResponseJSON,
    expectedChallenge: pending.challenge,
    expectedOrigin: origins,
    expectedRPID: rpId,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: request.purpose === 'sign_in',
  }).catch(() => undefined);
  if (!verification?.verified) {
    return null;
  }
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return key.userId;
}
