import { classifyTemperature } from '@portal/domain';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import { announceListWrite } from '../../events/list-cache-relay';

/**
 * Staff comments on a request since the client (a contact) or the requester last commented, within the last 30
 * days, as SQL over the outer requests row: three of them make it frozen (doc 2 §4). Scheduled comments count
 * once sent; deleted ones never.
 */
function unansweredStaffCommentsSql(now: Date): SQL {
  const id = requests.id;
  const requester = requests.requesterId;
  const since = sql`${now.toISOString()}::timestamptz - interval '30 days'`;
  return sql`(select count(*)::int from comments sc join contacts scc on scc.user_id = sc.creator_id
    where sc.commentable_type = 'request' and sc.commentable_id = ${id} and sc.deleted_at is null
      and sc.created_at > ${since} and sc.created_at <= ${now.toISOString()}::timestamptz
      and scc.type = 'regular_user' and sc.creator_id is distinct from ${requester}
      and sc.created_at > coalesce((select max(ac.created_at) from comments ac join contacts acc on acc.user_id = ac.creator_id
        where ac.commentable_type = 'request' and ac.commentable_id = ${id} and ac.deleted_at is null
          and ac.created_at <= ${now.toISOString()}::timestamptz
          and (acc.type = 'contact' or ac.creator_id = ${requester})), '-infinity'::timestamptz))`;
}

async function unansweredStaffComments(tx: DbExecutor, requestId: number, now: Date): Promise<number> {
  const found = await tx.execute<{ n: number }>(
    sql`select ${unansweredStaffCommentsSql(now)} as n from ${requests} where ${requests.id} = ${requestId}`,
  );
  return found.rows[0]?.n ?? 0;
}

/**
 * Records an interaction with the request now (status change, time logged, task activity) and classifies it again
 * (hot), in the caller's transaction so the list never shows a stale temperature for a fresh change.
 */
export async function touchRequestInteraction(tx: DbExecutor, requestId: number, now: Date = new Date()) {
  const { heat, temperature, ghosted } = classifyTemperature({
    lastInteractionAt: now,
    now,
    unansweredStaffComments: await unansweredStaffComments(tx, requestId, now),
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
        unanswered: sql<number>`${unansweredStaffCommentsSql(now)}`,
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
        // Run by a job (no event bus): every instance's requests figures (count_per_temp) follow the new classes.
        await announceListWrite(db, ['requests']);
      }
      return changed;
    }
    afterId = rows[rows.length - 1]?.id ?? afterId;
    const updates = rows.flatMap((row) => {
      const next = classifyTemperature({
        lastInteractionAt: row.lastInteractionAt,
        now,
        unansweredStaffComments: Number(row.unanswered ?? 0),
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
