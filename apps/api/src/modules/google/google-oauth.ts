import { createHash, randomBytes } from 'node:crypto';
import { GOOGLE_MESSAGES } from '@portal/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import { CodeChallengeMethod, type Credentials } from 'google-auth-library';
import type { AppContext } from '../../context';
import { googleAccounts, googleEvents, googleOauthStates } from '../../db/schema';
import { AppError } from '../../http/errors';
import { calendarApi, GOOGLE_SCOPES, type GoogleConfig, googleStatus, oauthClient } from './google-client';

type Ctx = Pick<AppContext, 'config' | 'db' | 'secrets'>;
type Caller = { userId: number; tokenHash: string };
type Log = { warn: (obj: object, msg: string) => void };

/** An authorization must come back within this time; after it the state is refused. */
const STATE_TTL_MS = 10 * 60 * 1000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

export function requireGoogle(ctx: Ctx): GoogleConfig {
  if (!ctx.config.google) {
    throw new AppError(409, GOOGLE_MESSAGES.notConfigured);
  }
  return ctx.config.google;
}

/**
 * Starts an authorization: a random state bound to the caller's session (stored hashed, single use, 10 minutes)
 * and a PKCE verifier kept sealed server-side; the answer is Google's consent page with offline access.
 */
export async function startAuthorization(ctx: Ctx, caller: Caller): Promise<string> {
  const google = requireGoogle(ctx);
  const client = oauthClient(ctx.config, google);
  const state = randomBytes(32).toString('base64url');
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  await ctx.db.delete(googleOauthStates).where(lt(googleOauthStates.expiresAt, new Date()));
  await ctx.db.insert(googleOauthStates).values({
    stateHash: hash(state),
    userId: caller.userId,
    sessionTokenHash: caller.tokenHash,
    codeVerifierSealed: await ctx.secrets.seal(codeVerifier),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return client.generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: GOOGLE_SCOPES,
    state,
    code_challenge_method: CodeChallengeMethod.S256,
    code_challenge: codeChallenge,
  });
}

/**
 * Finishes an authorization. The state is consumed first (deleted in the same statement that checks it belongs to
 * this session and has not expired), so a forged, expired, replayed or other session's state is refused before
 * anything is sent to Google. The verifier goes to the token endpoint with the code.
 */
export async function finishAuthorization(ctx: Ctx, caller: Caller, input: { code: string; state: string }) {
  const google = requireGoogle(ctx);
  const [pending] = await ctx.db
    .delete(googleOauthStates)
    .where(
      and(
        eq(googleOauthStates.stateHash, hash(input.state)),
        eq(googleOauthStates.userId, caller.userId),
        eq(googleOauthStates.sessionTokenHash, caller.tokenHash),
        gt(googleOauthStates.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!pending) {
    throw new AppError(422, GOOGLE_MESSAGES.badState);
  }
  const client = oauthClient(ctx.config, google);
  let tokens: Credentials;
  try {
    ({ tokens } = await client.getToken({
      code: input.code,
      codeVerifier: await ctx.secrets.open(pending.codeVerifierSealed),
    }));
  } catch {
    throw new AppError(422, GOOGLE_MESSAGES.exchangeFailed);
  }
  if (!tokens.refresh_token || !tokens.access_token) {
    throw new AppError(422, GOOGLE_MESSAGES.exchangeFailed);
  }
  client.setCredentials(tokens);
  // The primary calendar's id is the account's address: "connected as".
  const list = await calendarApi(google, client)
    .calendarList.list({ minAccessRole: 'writer' })
    .catch(() => null);
  const primary = list?.data.items?.find((c) => c.primary);
  const values = {
    email: primary?.id ?? 'Google account',
    refreshTokenSealed: await ctx.secrets.seal(tokens.refresh_token),
    accessTokenSealed: await ctx.secrets.seal(tokens.access_token),
    accessTokenExpiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
    lastError: null,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(googleAccounts)
    .values({ userId: caller.userId, ...values })
    .onConflictDoUpdate({ target: googleAccounts.userId, set: values });
}

/**
 * Disconnect: revokes the refresh token at Google (which also ends its access tokens), then forgets the tokens,
 * the settings and the event map. Events already pushed stay in the person's calendar as a snapshot (reading of
 * the issue: removing them would need the access we are giving up, and many calls; the person can delete the
 * calendar's events or the calendar). A revoke Google refuses (already revoked) does not keep the tokens.
 */
export async function disconnect(ctx: Ctx, userId: number, log: Log): Promise<void> {
  const [account] = await ctx.db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId));
  if (!account) {
    return;
  }
  const google = ctx.config.google;
  if (google) {
    try {
      await oauthClient(ctx.config, google).revokeToken(await ctx.secrets.open(account.refreshTokenSealed));
    } catch (error) {
      // The status only: the revoke URL carries the token in its query.
      log.warn({ status: googleStatus(error) ?? null }, 'google token revoke failed');
    }
  }
  await ctx.db.delete(googleEvents).where(eq(googleEvents.userId, userId));
  await ctx.db.delete(googleAccounts).where(eq(googleAccounts.id, account.id));
}
