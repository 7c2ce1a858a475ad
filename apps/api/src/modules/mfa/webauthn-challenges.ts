import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { webauthnChallenges } from '../../db/schema';
import { hashToken } from '../auth/tokens';

/** As long as the sign-in challenge: enough to touch a security key or unlock a phone. */
const CHALLENGE_MINUTES = 5;

export type WebauthnPurpose = 'registration' | 'second_factor' | 'sign_in';

/**
 * Keeps what a ceremony was asked to sign. A registration is named by its person (a new one replaces the old),
 * a sign-in step by a handle the caller holds (only its SHA-256 is kept). Old rows are swept on the way.
 */
export async function rememberChallenge(
  db: DbExecutor,
  row: { purpose: WebauthnPurpose; challenge: string; userId?: number; handle?: string },
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date(Date.now() - 60 * 60_000)));
  if (row.handle) {
    // Asking again for the same sign-in's options replaces the first ones.
    await db.delete(webauthnChallenges).where(eq(webauthnChallenges.handleHash, hashToken(row.handle)));
  } else if (row.purpose === 'registration' && row.userId !== undefined) {
    await db
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.userId, row.userId), eq(webauthnChallenges.purpose, 'registration')));
  }
  await db.insert(webauthnChallenges).values({
    purpose: row.purpose,
    challenge: row.challenge,
    userId: row.userId ?? null,
    handleHash: row.handle ? hashToken(row.handle) : null,
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
}

/**
 * Spends the live challenge of a ceremony and answers what it was, or undefined. Spent before verification, so a
 * response can be tried once: a failed one needs new options.
 */
export async function spendWebauthnChallenge(
  db: DbExecutor,
  where: { purpose: WebauthnPurpose; userId?: number; handle?: string },
): Promise<{ challenge: string; userId: number | null } | undefined> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.purpose, where.purpose),
        where.userId !== undefined ? eq(webauthnChallenges.userId, where.userId) : undefined,
        where.handle !== undefined ? eq(webauthnChallenges.handleHash, hashToken(where.handle)) : undefined,
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId });
  return row;
}

/**
 * @simplewebauthn/server, loaded with the first passkey ceremony rather than at start: with its crypto and CBOR
 * dependencies it is among the heaviest modules the server would otherwise import on every start.
 */
export function loadWebauthn() {
  return import('@simplewebauthn/server');
}
