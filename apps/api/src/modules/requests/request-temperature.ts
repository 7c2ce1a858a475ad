import { classifyTemperature } from '@portal/domain';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import { noteRequestWrite } from './request-count';

/**
 * Comments do not exist yet, so no request has staff comments awaiting a response: 'frozen' (three unanswered staff
 * comments) cannot occur until the comments issue feeds this count.
 */
const UNANSWERED_STAFF_COMMENTS = 0;

/**
 * Records an interaction with the request now (status change, time logged, task activity) and classifies it again
 * (hot), in the caller's transaction so the list never shows a stale temperature for a fresh change.
 */
export async function touchRequestInteraction(tx: DbExecutor, requestId: number, now: Date = new Date()) {
  const { heat, temperature, ghosted } = classifyTemperature({
    lastInteractionAt: now,
    now,
    unansweredStaffComments: UNANSWERED_STAFF_COMMENTS,
  });
  await tx
    .update(requests)
    .set({ lastInteractionAt: now, heat, temperature, ghosted })
    .where(eq(requests.id, requestId));
}

const BATCH = 1000;

/**
 * The hourly pass: classifies every request whose class may have moved with time. Without new interactions a
 * request only cools, so cold ones whose last interaction is over 30 days old (or absent) are final and skipped.
 * Keyset batches keep each statement short; only rows whose class changed are written. Answers how many changed.
 */
export async function reclassifyRequests(db: Database, now: Date = new Date()): Promise<number> {
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        id: requests.id,
        lastInteractionAt: requests.lastInteractionAt,
        heat: requests.heat,
        temperature: requests.temperature,
        ghosted: requests.ghosted,
      })
      .from(requests)
      .where(
        and(
          gt(requests.id, afterId),
          sql`(${requests.heat} is null or ${requests.heat} <> 'cold'
            or ${requests.lastInteractionAt} > ${now.toISOString()}::timestamptz - interval '31 days')`,
        ),
      )
      .orderBy(asc(requests.id))
      .limit(BATCH);
    if (rows.length === 0) {
      if (changed) {
        noteRequestWrite();
      }
      return changed;
    }
    afterId = rows[rows.length - 1]?.id ?? afterId;
    const updates = rows.flatMap((row) => {
      const next = classifyTemperature({
        lastInteractionAt: row.lastInteractionAt,
        now,
        unansweredStaffComments: UNANSWERED_STAFF_COMMENTS,
      });
      const same = next.heat === row.heat && next.temperature === row.temperature && next.ghosted === row.ghosted;
      return same ? [] : [{ id: row.id, ...next }];
    });
    if (updates.length) {
      const values = sql.join(
        updates.map((u) => sql`(${u.id}::int, ${u.heat}::text, ${u.temperature}::smallint, ${u.ghosted}::boolean)`),
        sql`, `,
      );
      await db.execute(sql`
        update requests r set heat = v.heat, temperature = v.temperature, ghosted = v.ghosted
        from (values ${values}) as v(id, heat, temperature, ghosted) where r.id = v.id`);
      changed += updates.length;
    }
  }
}
