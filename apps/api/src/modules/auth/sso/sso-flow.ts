import { MESSAGES, type SecondFactorChallenge } from '@portal/domain';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { ssoSignIns, users } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { addressBucket } from '../client-address';
import type { RequestMeta } from '../request-meta';
import { type SignedIn, signInOrChallenge } from '../sign-in';
import { generateToken, hashToken } from '../tokens';
import { authorizationUrl, newChecks, redeemCallback } from './identity-provider';
import { type Account, accountForIdentity, SsoRefused } from './sso-accounts';

/** Long enough to type a password and a code at the provider; the attempt is spent by its callback anyway. */
const ATTEMPT_MINUTES = 10;
/** The hand-off code travels from our callback straight to the web app, which spends it at once. */
const HANDOFF_SECONDS = 120;

export const SSO_COOKIE = 'portal_sso';

const ssoOff = () => new AppError(404, MESSAGES.resourceNotFound, { code: 'not_found' });

function settings(ctx: AppContext) {
  if (!ctx.config.sso) {
    throw ssoOff();
  }
  return ctx.config.sso;
}

export const callbackUrl = (ctx: AppContext) => `${ctx.config.appUrl}/api/sso/callback`;

/** Start, callback and hand-off share the password step's per-address budget (a sign-in is a sign-in). */
async function limitAddress(ctx: AppContext, step: string, meta: RequestMeta): Promise<string> {
  const key = `sso:${step}:ip:${addressBucket(meta.ip)}`;
  await ctx.limiter.hit([{ key, rule: ctx.rateLimits.loginPerIp }]);
  return key;
}

/**
 * GET sso/start: a new attempt whose state, nonce and PKCE verifier stay in sso_sign_ins; the browser gets a
 * random binding in a short-lived cookie (only its hash is stored), so a callback finishes only in the browser that
 * started it — someone else's callback link cannot sign a victim's browser in to the attacker's account.
 */
export async function startSignOn(ctx: AppContext, meta: RequestMeta): Promise<{ url: string; binding: string }> {
  const sso = settings(ctx);
  await limitAddress(ctx, 'start', meta);
  const checks = newChecks();
  const binding = generateToken();
  // The provider unreachable or misconfigured: the person is told on the login page, the operator in the log.
  const url = await authorizationUrl(sso, callbackUrl(ctx), checks).catch((error: unknown) => {
    throw new SsoRefused('failed', `discovery failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  // Attempts nobody finished are dropped a day after they expired: cheap, and the table stays small.
  await ctx.db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date(Date.now() - 24 * 3600_000)));
  await ctx.db.insert(ssoSignIns).values({
    stateHash: hashToken(checks.state),
    browserHash: hashToken(binding),
    nonce: checks.nonce,
    codeVerifier: checks.codeVerifier,
    expiresAt: new Date(Date.now() + ATTEMPT_MINUTES * 60_000),
  });
  return { url: url.href, binding };
}

/** Spends the attempt named by the callback's state, in the browser that started it; undefined when none. */
async function spendAttempt(ctx: AppContext, state: string, binding: string | undefined) {
  return ctx.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(ssoSignIns)
      .where(
        and(
          eq(ssoSignIns.stateHash, hashToken(state)),
          isNull(ssoSignIns.callbackAt),
          gt(ssoSignIns.expiresAt, new Date()),
        ),
      )
      .for('update');
    if (!attempt) {
      return undefined;
    }
    // Spent whatever happens next: a state is good for one callback only.
    await tx.update(ssoSignIns).set({ callbackAt: new Date() }).where(eq(ssoSignIns.id, attempt.id));
    return binding !== undefined && hashToken(binding) === attempt.browserHash ? attempt : undefined;
  });
}

export type CallbackOutcome = { handoff: string } | { refused: SsoRefused };

/**
 * GET sso/callback: checks the attempt, redeems the code (state, nonce and PKCE checked by openid-client) and
 * finds or makes the account. Success leaves a one-time hand-off code for POST sso/exchange; a refusal is
 * recorded in the audit trail with its reason.
 */
export async function finishCallback(
  ctx: AppContext,
  query: URLSearchParams,
  binding: string | undefined,
  meta: RequestMeta,
): Promise<CallbackOutcome> {
  const sso = settings(ctx);
  await limitAddress(ctx, 'callback', meta);
  let email: string | null = null;
  try {
    const state = query.get('state');
    const attempt = state ? await spendAttempt(ctx, state, binding) : undefined;
    if (!state || !attempt) {
      throw new SsoRefused('failed', 'unknown, spent or expired state, or another browser');
    }
    const url = new URL(callbackUrl(ctx));
    url.search = query.toString();
    const identity = await redeemCallback(sso, url, {
      state,
      nonce: attempt.nonce,
      codeVerifier: attempt.codeVerifier,
    }).catch((error: unknown) => {
      throw new SsoRefused('failed', error instanceof Error ? error.message : 'the code exchange failed');
    });
    email = identity.email;
    const account = await accountForIdentity(ctx, identity);
    const handoff = generateToken();
    await ctx.db
      .update(ssoSignIns)
      .set({
        userId: account.id,
        handoffHash: hashToken(handoff),
        handoffExpiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
      })
      .where(eq(ssoSignIns.id, attempt.id));
    return { handoff };
  } catch (error) {
    if (!(error instanceof SsoRefused)) {
      throw error;
    }
    const payload = { email: email ?? '', ip: meta.ip, via: 'sso', reason: error.reason };
    ctx.events.publish([{ model: 'session', action: 'sign_in_failed', id: '', actorId: null, userIds: [], payload }]);
    return { refused: error };
  }
}

/**
 * POST sso/exchange: spends the hand-off code once and ends like a password sign-in — a session, or the second
 * step for an account with a second factor (the provider's sign-in proves the password step, not ours).
 */
export async function exchangeHandoff(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<SignedIn | SecondFactorChallenge> {
  settings(ctx);
  const ipKey = await limitAddress(ctx, 'exchange', meta);
  const account = await ctx.db.transaction(async (tx): Promise<Account | undefined> => {
    const [match] = await tx
      .select({ attemptId: ssoSignIns.id, id: users.id, uuid: users.uuid, email: users.email })
      .from(ssoSignIns)
      .innerJoin(users, eq(users.id, ssoSignIns.userId))
      .where(
        and(
          eq(ssoSignIns.handoffHash, hashToken(token)),
          isNull(ssoSignIns.exchangedAt),
          gt(ssoSignIns.handoffExpiresAt, new Date()),
          eq(users.status, 'active'),
        ),
      )
      .for('update', { of: ssoSignIns });
    if (!match) {
      return undefined;
    }
    if (ctx.config.maintenance && !ctx.config.maintenanceBypassEmails.includes(match.email)) {
      throw new AppError(503, MESSAGES.maintenance, { code: 'maintenance' });
    }
    await tx.update(ssoSignIns).set({ exchangedAt: new Date() }).where(eq(ssoSignIns.id, match.attemptId));
    return { id: match.id, uuid: match.uuid, email: match.email };
  });
  if (!account) {
    throw new AppError(422, MESSAGES.ssoHandoffInvalid, {
      code: 'invalid_sso_handoff',
      errors: { token: [MESSAGES.ssoHandoffInvalid] },
    });
  }
  await ctx.limiter.refund([ipKey]);
  return signInOrChallenge(ctx, account, meta, 'sso');
}
