import { randomInt } from 'node:crypto';
import type { SecondFactorMethod } from '@portal/domain';
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { DbExecutor } from '../../db/client';
import { mfaRecoveryCodes, mfaTotp, passkeySignIn, passkeys } from '../../db/schema';
import type { SecretBox } from '../../secret-box';
import { hashToken } from '../auth/tokens';

export const TOTP_ISSUER = 'Agency Portal';
/** One 30-second step either side of now: a phone clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** base32 without 0/1/8/9 look-alikes; 16 characters = 80 bits, so a SHA-256 digest is enough at rest. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export const newTotpSecret = () => generateSecret();
export const otpauthUrl = (email: string, secret: string) => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** For tests and the e2e: the code an authenticator app shows for this secret at this time. */
export const totpCode = (secret: string, epochSeconds = Math.floor(Date.now() / 1000)) =>
  generate({ secret, epoch: epochSeconds });

const isTotpCode = (code: string) => /^\d{6}$/.test(code);
/** Recovery codes are shown as xxxx-xxxx-xxxx-xxxx; typed with or without dashes, in any case. */
const normaliseRecoveryCode = (code: string) => code.replace(/[-\s]/g, '').toLowerCase();

/**
 * Accepts a TOTP code of the person's authenticator (confirmed, or the one waiting for its first code) and spends
 * its time step in the same statement that checks it is newer than the last one spent: a code, or any older one,
 * cannot be used twice, even by two requests at once.
 */
export async function acceptTotpCode(
  db: DbExecutor,
  secrets: SecretBox,
  userId: number,
  code: string,
  state: 'pending' | 'confirmed',
): Promise<boolean> {
  if (!isTotpCode(code)) {
    return false;
  }
  const [row] = await db
    .select()
    .from(mfaTotp)
    .where(
      and(
        eq(mfaTotp.userId, userId),
        state === 'confirmed' ? isNotNull(mfaTotp.confirmedAt) : isNull(mfaTotp.confirmedAt),
      ),
    );
  if (!row) {
    return false;
  }
  const result = await verify({
    secret: await secrets.open(row.secretSealed),
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(row.lastTimeStep === null ? {} : { afterTimeStep: row.lastTimeStep }),
  });
  if (!result.valid || !('timeStep' in result)) {
    return false;
  }
  const spent = await db
    .update(mfaTotp)
    .set({ lastTimeStep: result.timeStep })
    .where(
      and(
        eq(mfaTotp.userId, userId),
        or(isNull(mfaTotp.lastTimeStep), sql`${mfaTotp.lastTimeStep} < ${result.timeStep}`),
      ),
    )
    .returning({ userId: mfaTotp.userId });
  return spent.length === 1;
}

/** Spends one unused recovery code of the person; answers whether there was one. */
export async function spendRecoveryCode(db: DbExecutor, userId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 16) {
    return false;
  }
  const spent = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, hashToken(normalised)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return spent.length === 1;
}

/** The second step of a sign-in (or a proof on the Security screen): a current TOTP code or a recovery code. */
export function acceptSecondFactor(db: DbExecutor, secrets: SecretBox, userId: number, code: string) {
  return isTotpCode(code)
    ? acceptTotpCode(db, secrets, userId, code, 'confirmed')
    : spendRecoveryCode(db, userId, code);
}

/** Replaces the person's recovery codes with ten new ones; answers them (the only time they exist in clear). */
export async function replaceRecoveryCodes(db: DbExecutor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return chars.match(/.{4}/g)?.join('-') ?? chars;
  });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db
    .insert(mfaRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)) })));
  return codes;
}

export async function hasConfirmedTotp(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: mfaTotp.userId })
    .from(mfaTotp)
    .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.confirmedAt)));
  return row !== undefined;
}

/** The ways this person can take the second step of a sign-in (none: they have no second factor). */
export async function secondFactorMethods(db: DbExecutor, userId: number): Promise<SecondFactorMethod[]> {
  const result = await db.execute<{ totp: boolean; passkey: boolean; recovery: boolean }>(sql`select
    exists (select 1 from mfa_totp where user_id = ${userId} and confirmed_at is not null) as totp,
    exists (select 1 from passkeys where user_id = ${userId}) as passkey,
    exists (select 1 from mfa_recovery_codes where user_id = ${userId} and used_at is null) as recovery`);
  const row = result.rows[0];
  if (!row || (!row.totp && !row.passkey)) {
    return [];
  }
  const held: [SecondFactorMethod, boolean][] = [
    ['totp', row.totp],
    ['passkey', row.passkey],
    ['recovery_code', row.recovery],
  ];
  return held.filter(([, has]) => has).map(([method]) => method);
}

/**
 * Turns the authenticator app off. The recovery codes go with it unless passkeys remain, which they also back up.
 * Answers whether there was a confirmed app.
 */
export async function removeTotp(db: DbExecutor, userId: number): Promise<boolean> {
  const removed = await db
    .delete(mfaTotp)
    .where(eq(mfaTotp.userId, userId))
    .returning({ confirmedAt: mfaTotp.confirmedAt });
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  if (!passkey) {
    await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  }
  return removed.some((row) => row.confirmedAt !== null);
}

/**
 * An admin's reset: the authenticator, every passkey, passwordless sign-in and every recovery code. Answers
 * whether there was a second factor.
 */
export async function removeFactors(db: DbExecutor, userId: number): Promise<boolean> {
  const hadTotp = await removeTotp(db, userId);
  const removedKeys = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await db.delete(passkeySignIn).where(eq(passkeySignIn.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return hadTotp || removedKeys.length > 0;
}
