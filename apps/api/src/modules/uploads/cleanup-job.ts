import { and, asc, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';
import { removeStoredBytes } from './delete-upload';

/** Doc 2 §7 / issue 8: an upload nothing holds 24 h after it was created is removed. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Removes uploads held by nothing for a day (abandoned uploads, files released from a client's notes), in batches.
 * Rows go first, in one statement that re-checks the condition, so a file attached meanwhile is never touched;
 * then their bytes. Answers how many were removed.
 */
export async function removeOrphanUploads(ctx: Pick<AppContext, 'db' | 'storage'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AFTER_MS);
  let removed = 0;
  for (;;) {
    const batch = await ctx.db
      .delete(uploads)
      .where(
        sql`${uploads.id} in (${ctx.db
          .select({ id: uploads.id })
          .from(uploads)
          .where(and(isNull(uploads.holderType), lt(uploads.createdAt, cutoff)))
          .orderBy(asc(uploads.id))
          .limit(BATCH)}) and ${uploads.holderType} is null`,
      )
      .returning({ uuid: uploads.uuid, url: uploads.url, thumbnailKey: uploads.thumbnailKey });
    for (const row of batch) {
      await removeStoredBytes(ctx, row);
    }
    removed += batch.length;
    if (batch.length < BATCH) {
      return removed;
    }
  }
}
