import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbExecutor, Tx } from '../../db/client';
import { mfaChallenges, users } from '../../db/schema';
import { generateToken, hashToken } from '../auth/tokens';

/** Enough to open the app and type a code; a challenge older than this needs the password again. */
export const CHALLENGE_MINUTES = 5;

/** After a right password (or e-mailed link): a single-use token for the second step; only its SHA-256 is kept. */
export async function issueChallenge(db: DbExecutor, userId: number): Promise<string> {
  const token = generateToken();
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

/**
 * The unspent, unexpired challenge of an active account, locked for the caller's transaction: two second steps of
 * one challenge race for its row, and only the first to spend it signs in.
 */
export async function lockChallenge(tx: Tx, token: string) {
  const [row] = await liveChallenge(tx, token).for('update', { of: mfaChallenges });
  return row;
}

/** Whose challenge this is, without locking it (to count the attempt before the second step's transaction). */
export async function challengeOwner(db: DbExecutor, token: string): Promise<number | undefined> {
  const [row] = await liveChallenge(db, token);
  return row?.userId;
}

function liveChallenge(db: DbExecutor, token: string) {
  return db
    .select({ id: mfaChallenges.id, userId: users.id, uuid: users.uuid, email: users.email })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.userId))
    .where(
      and(
        eq(mfaChallenges.tokenHash, hashToken(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    );
}

export async function spendChallenge(tx: Tx, id: number): Promise<void> {
  await tx.update(mfaChallenges).set({ usedAt: new Date() }).where(eq(mfaChallenges.id, id));
}
