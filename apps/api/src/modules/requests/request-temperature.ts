import { classifyTemperature } from '@portal/domain';
import { and, asc, gt, type SQL, sql } from 'drizzle-orm';
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

/**
 * Records an interaction with the request now (status change, time logged, task activity) and classifies it again
 * (hot), in the caller's transaction so the list never shows a stale temperature for a fresh change.
 */
export async function touchRequestInteraction(tx: DbExecutor, requestId: number, now: Date = new Date()) {
  await touchRequestInteractions(tx, [requestId], now);
}

/** touchRequestInteraction for many requests: one read, one UPDATE per resulting class. */
export async function touchRequestInteractions(tx: DbExecutor, requestIds: readonly number[], now: Date = new Date()) {
  if (requestIds.length === 0) {
    return;
  }
  const found = await tx.execute<{ id: number; n: number }>(
    sql`select ${requests.id} as id, ${unansweredStaffCommentsSql(now)} as n from ${requests}
      where ${requests.id} = any(${sql.param([...requestIds])}::int[])`,
  );
  const byClass = new Map<string, { set: ReturnType<typeof classifyTemperature>; ids: number[] }>();
  for (const { id, n } of found.rows) {
    const set = classifyTemperature({ lastInteractionAt: now, now, unansweredStaffComments: n });
    const key = JSON.stringify(set);
    const group = byClass.get(key) ?? { set, ids: [] };
    group.ids.push(id);
    byClass.set(key, group);
  }
  for (const { set, ids } of byClass.values()) {
    const { heat, temperature, ghosted } = set;
    await tx
      .update(requests)
      .set({ lastInteractionAt: now, heat, temperature, ghosted })
      .where(sql`${requests.id} = any(${sql.param(ids)}::int[])`);
  }
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
