import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aiRequests } from '../../db/schema';
import { AppError } from '../../http/errors';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Starts one logged call, or refuses it when the user already made `perHour` calls in the last hour. The check and
 * the insert run under a per-user transaction lock, so parallel calls (on any instance) cannot both slip under the
 * limit.
 */
export async function beginAiRequest(
  db: Database,
  input: { userId: number; action: string; tone: string | null; inputChars: number; perHour: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ai_requests', ${input.userId}))`);
    const since = new Date(Date.now() - HOUR_MS);
    const [used] = await tx
      .select({ value: count(), oldest: sql<string | null>`min(${aiRequests.createdAt})::text` })
      .from(aiRequests)
      .where(and(eq(aiRequests.userId, input.userId), gt(aiRequests.createdAt, since)));
    if ((used?.value ?? 0) >= input.perHour) {
      const freeAt = used?.oldest ? new Date(used.oldest).getTime() + HOUR_MS : Date.now() + HOUR_MS;
      const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
      const minutes = Math.ceil(seconds / 60);
      // Retry-After (seconds) as every other 429 of the API carries, so clients and proxies can back off unaided.
      throw new AppError(
        429,
        `You have used the writing assistant ${input.perHour} times in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { code: 'ai_rate_limited', headers: { 'retry-after': String(seconds) } },
      );
    }
    const [row] = await tx
      .insert(aiRequests)
      .values({ userId: input.userId, action: input.action, tone: input.tone, inputChars: input.inputChars })
      .returning({ id: aiRequests.id });
    if (!row) {
      throw new Error('ai request not logged');
    }
    return row.id;
  });
}

export async function finishAiRequest(
  db: Database,
  id: number,
  outcome: { status: 'completed' | 'failed' | 'cancelled'; outputChars: number; error?: string; durationMs: number },
) {
  await db
    .update(aiRequests)
    .set({
      status: outcome.status,
      outputChars: outcome.outputChars,
      error: outcome.error ?? null,
      durationMs: Math.round(outcome.durationMs),
    })
    .where(eq(aiRequests.id, id));
}
