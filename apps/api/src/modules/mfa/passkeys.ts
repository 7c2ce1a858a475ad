import { MESSAGES, type Passkey, type WebauthnResponse } from '@portal/domain';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { mfaRecoveryCodes, passkeySignIn, passkeys } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, notFound, validationError } from '../../http/errors';
import { hasConfirmedTotp, replaceRecoveryCodes } from './factors';
import { loadWebauthn, rememberChallenge, spendWebauthnChallenge } from './webauthn-challenges';

const refused = () => validationError({ response: [MESSAGES.passkeyRefused] });

function present(row: typeof passkeys.$inferSelect): Passkey {
  return {
    uuid: row.uuid,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}

export async function listPasskeys(db: DbExecutor, userId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(present);
}

/** 404 unless the passkey is the person's own: asked before any proof, so another's passkey tells nothing. */
export async function assertOwnPasskey(db: DbExecutor, userId: number, uuid: string): Promise<void> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.uuid, uuid), eq(passkeys.userId, userId)));
  if (!row) {
    throw notFound();
  }
}

export async function countPasskeys(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/**
 * POST passkeys/registration-options: what the browser needs to make a passkey for this person. Their passkeys
 * are excluded (one authenticator, one passkey); a resident key is preferred so it can also sign in alone.
 */
export async function registrationOptions(ctx: AppContext, principal: Principal) {
  const { rpId, rpName } = ctx.config.webauthn;
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, principal.userId));
  const { generateRegistrationOptions } = await loadWebauthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rpId,
    userName: principal.email,
    userID: new TextEncoder().encode(principal.uuid),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await rememberChallenge(ctx.db, { purpose: 'registration', userId: principal.userId, challenge: options.challenge });
  return { ...options };
}

/**
 * POST passkeys/registration-verify: keeps the passkey the browser made for the options above. A first second
 * factor also brings ten recovery codes (shown once), as an authenticator app's does.
 */
export async function registerPasskey(
  ctx: AppContext,
  principal: Principal,
  input: { name: string; response: WebauthnResponse },
) {
  const { rpId, origins } = ctx.config.webauthn;
  // Spent in its own statement, so a refused answer cannot be tried again with the same options.
  const pending = await spendWebauthnChallenge(ctx.db, { purpose: 'registration', userId: principal.userId });
  if (!pending) {
    throw new AppError(422, MESSAGES.passkeyExpired, { code: 'passkey_expired' });
  }
  const result = await ctx.db.transaction(async (tx) => {
    const { verifyRegistrationResponse } = await loadWebauthn();
    const verification = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: pending.challenge,
      expectedOrigin: origins,
      expectedRPID: rpId,
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verification?.verified) {
      throw refused();
    }
    const { credential, credentialBackedUp } = verification.registrationInfo;
    const hadFactor = (await hasConfirmedTotp(tx, principal.userId)) || (await countPasskeys(tx, principal.userId)) > 0;
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: principal.userId,
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) {
      throw refused();
    }
    const codes = hadFactor ? null : await replaceRecoveryCodes(tx, principal.userId);
    // A role may require a factor: the session's "must enrol" is read again on every instance.
    await ctx.sessions.invalidateUser(principal.userId, tx);
    return { ...present(row), recovery_codes: codes };
  });
  announce(ctx, principal, 'passkey_added', result.name);
  return result;
}

export async function renamePasskey(ctx: AppContext, principal: Principal, uuid: string, name: string) {
  const [row] = await ctx.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.uuid, uuid), eq(passkeys.userId, principal.userId)))
    .returning();
  if (!row) {
    throw notFound();
  }
  return present(row);
}

/**
 * DELETE passkeys/{uuid}. The last factor gone takes the recovery codes and passwordless sign-in with it; the
 * proof (a code or the password) is checked by the caller, as for turning the authenticator app off.
 */
export async function removePasskey(ctx: AppContext, principal: Principal, uuid: string) {
  const name = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.uuid, uuid), eq(passkeys.userId, principal.userId)))
      .returning({ name: passkeys.name });
    if (!row) {
      throw notFound();
    }
    if ((await countPasskeys(tx, principal.userId)) === 0) {
      await tx.delete(passkeySignIn).where(eq(passkeySignIn.userId, principal.userId));
      if (!(await hasConfirmedTotp(tx, principal.userId))) {
        await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, principal.userId));
      }
    }
    await ctx.sessions.invalidateUser(principal.userId, tx);
    return row.name;
  });
  announce(ctx, principal, 'passkey_removed', name);
}

export async function hasPasskeySignIn(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: passkeySignIn.userId })
    .from(passkeySignIn)
    .where(eq(passkeySignIn.userId, userId));
  return row !== undefined;
}

/** PUT mfa/passkey-sign-in: passwordless sign-in needs a passkey to sign in with. */
export async function setPasskeySignIn(ctx: AppContext, principal: Principal, enabled: boolean): Promise<string> {
  if (!enabled) {
    await ctx.db.delete(passkeySignIn).where(eq(passkeySignIn.userId, principal.userId));
    announce(ctx, principal, 'passkey_sign_in_off', principal.email);
    return MESSAGES.passkeySignInOff;
  }
  if ((await countPasskeys(ctx.db, principal.userId)) === 0) {
    throw new AppError(409, MESSAGES.passkeySignInNeedsPasskey, { code: 'no_passkey' });
  }
  await ctx.db.insert(passkeySignIn).values({ userId: principal.userId }).onConflictDoNothing();
  announce(ctx, principal, 'passkey_sign_in_on', principal.email);
  return MESSAGES.passkeySignInOn;
}

function announce(ctx: AppContext, principal: Principal, action: string, name: string) {
  ctx.events.publish([
    { model: 'session', action, id: principal.uuid, actorId: principal.userId, userIds: [], payload: { name } },
  ]);
}
