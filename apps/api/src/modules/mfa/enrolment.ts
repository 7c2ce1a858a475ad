import { MESSAGES, type MfaStatus } from '@portal/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../context';
import { mfaRecoveryCodes, mfaTotp, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, validationError } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import { verifyPassword } from '../auth/passwords';
import {
  acceptSecondFactor,
  acceptTotpCode,
  hasConfirmedTotp,
  newTotpSecret,
  otpauthUrl,
  removeTotp,
  replaceRecoveryCodes,
} from './factors';
import { countPasskeys, hasPasskeySignIn } from './passkeys';
import { roleRequiresFactor } from './required-roles';

const codeRefused = () => validationError({ code: [MESSAGES.secondFactorCodeInvalid] });

/** Proofs on the Security screen are guessed like passwords: the same per-address and per-account budget. */
async function countProof(ctx: AppContext, userId: number, ip: string) {
  const limits = ctx.rateLimits;
  await ctx.limiter.hit([
    { key: `mfa:proof:ip:${addressBucket(ip)}`, rule: limits.loginPerIp },
    { key: `mfa:proof:user:${userId}`, rule: limits.loginPerAccountIp },
  ]);
}

function announce(ctx: AppContext, principal: Principal, action: string) {
  ctx.events.publish([
    {
      model: 'session',
      action,
      id: principal.uuid,
      actorId: principal.userId,
      userIds: [],
      payload: { email: principal.email },
    },
  ]);
}

export async function mfaStatus(ctx: AppContext, userId: number): Promise<MfaStatus> {
  const [left] = await ctx.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return {
    totp: await hasConfirmedTotp(ctx.db, userId),
    passkeys: await countPasskeys(ctx.db, userId),
    passkey_sign_in: await hasPasskeySignIn(ctx.db, userId),
    recovery_codes_left: left?.n ?? 0,
    required: await roleRequiresFactor(ctx.db, userId),
  };
}

/**
 * A new secret waits for its first code (a pending row; starting again replaces it). The secret is sealed at rest
 * and this answer is the only one that carries it.
 */
export async function startTotpEnrolment(ctx: AppContext, principal: Principal) {
  if (await hasConfirmedTotp(ctx.db, principal.userId)) {
    throw new AppError(409, MESSAGES.secondFactorAlreadyOn, { code: 'second_factor_on' });
  }
  const secret = newTotpSecret();
  const secretSealed = await ctx.secrets.seal(secret);
  await ctx.db
    .insert(mfaTotp)
    .values({ userId: principal.userId, secretSealed })
    .onConflictDoUpdate({
      target: mfaTotp.userId,
      set: { secretSealed, lastTimeStep: null, createdAt: new Date() },
      setWhere: isNull(mfaTotp.confirmedAt),
    });
  const url = otpauthUrl(principal.email, secret);
  return { secret, otpauth_url: url, qr: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
}

export async function confirmTotp(ctx: AppContext, principal: Principal, code: string, ip: string) {
  await countProof(ctx, principal.userId, ip);
  const codes = await ctx.db.transaction(async (tx) => {
    const pending = await tx.query.mfaTotp.findFirst({ where: eq(mfaTotp.userId, principal.userId) });
    if (!pending || pending.confirmedAt !== null) {
      throw new AppError(409, pending ? MESSAGES.secondFactorAlreadyOn : MESSAGES.secondFactorNotStarted, {
        code: pending ? 'second_factor_on' : 'second_factor_not_started',
      });
    }
    if (!(await acceptTotpCode(tx, ctx.secrets, principal.userId, code, 'pending'))) {
      throw codeRefused();
    }
    await tx.update(mfaTotp).set({ confirmedAt: new Date() }).where(eq(mfaTotp.userId, principal.userId));
    const fresh = await replaceRecoveryCodes(tx, principal.userId);
    // The session's principal said "must enrol"; it is read again on every instance.
    await ctx.sessions.invalidateUser(principal.userId, tx);
    return fresh;
  });
  announce(ctx, principal, 'second_factor_enabled');
  return codes;
}

/**
 * Proof that the owner is at the keyboard before a factor is removed: a current code (app or recovery) or the
 * password. Counted like a password guess.
 */
export async function proveOwner(
  ctx: AppContext,
  principal: Principal,
  proof: { code?: string; password?: string },
  ip: string,
) {
  await countProof(ctx, principal.userId, ip);
  if (proof.code) {
    if (!(await acceptSecondFactor(ctx.db, ctx.secrets, principal.userId, proof.code))) {
      throw codeRefused();
    }
    return;
  }
  const user = await ctx.db.query.users.findFirst({ where: eq(users.id, principal.userId) });
  if (!user || !(await verifyPassword(proof.password ?? '', user.passwordHash))) {
    throw validationError({ password: [MESSAGES.invalidCredentials] });
  }
}

export async function disableTotp(
  ctx: AppContext,
  principal: Principal,
  proof: { code?: string; password?: string },
  ip: string,
) {
  if (!(await hasConfirmedTotp(ctx.db, principal.userId))) {
    await countProof(ctx, principal.userId, ip);
    throw new AppError(409, MESSAGES.secondFactorOff, { code: 'second_factor_off' });
  }
  await proveOwner(ctx, principal, proof, ip);
  await ctx.db.transaction(async (tx) => {
    await removeTotp(tx, principal.userId);
    await ctx.sessions.invalidateUser(principal.userId, tx);
  });
  announce(ctx, principal, 'second_factor_disabled');
}

export async function regenerateRecoveryCodes(ctx: AppContext, principal: Principal, code: string, ip: string) {
  await countProof(ctx, principal.userId, ip);
  const codes = await ctx.db.transaction(async (tx) => {
    if (!(await hasConfirmedTotp(tx, principal.userId))) {
      throw new AppError(409, MESSAGES.secondFactorOff, { code: 'second_factor_off' });
    }
    // A recovery code does not make new ones: whoever holds one old code must not get ten fresh ones.
    if (!(await acceptTotpCode(tx, ctx.secrets, principal.userId, code, 'confirmed'))) {
      throw codeRefused();
    }
    return replaceRecoveryCodes(tx, principal.userId);
  });
  announce(ctx, principal, 'recovery_codes_regenerated');
  return codes;
}
