import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

export type LatestComment = { uuid: string; text: string; creator: { uuid: string; name: string } | null };

/**
 * The newest sent, undeleted comment (a thread or a reply, type comment) of each request: the requests list's
 * Latest comment column and the detail's latest_comment. One lateral lookup per request on the commentable index.
 */
export async function loadLatestComments(
  db: DbExecutor,
  requestIds: readonly number[],
): Promise<Map<number, LatestComment>> {
  const latest = new Map<number, LatestComment>();
  if (requestIds.length === 0) {
    return latest;
  }
  const ids = `{${requestIds.map((id) => Math.trunc(id)).join(',')}}`;
  const found = await db.execute<{
    request_id: number;
    uuid: string;
    text: string;
    creator_uuid: string | null;
    creator_name: string | null;
  }>(sql`
    select r.id as request_id, c.uuid, c.text, u.uuid as creator_uuid, ct.name as creator_name
    from unnest(${ids}::int[]) as r(id)
    cross join lateral (
      select lc.uuid, lc.text, lc.creator_id from comments lc
      where lc.commentable_type = 'request' and lc.commentable_id = r.id and lc.deleted_at is null
        and lc.type = 'comment' and lc.created_at <= now()
      order by lc.created_at desc, lc.id desc limit 1
    ) c
    left join users u on u.id = c.creator_id
    left join contacts ct on ct.user_id = u.id`);
  for (const row of found.rows) {
    latest.set(row.request_id, {
      uuid: row.uuid,
      text: row.text,
      creator: row.creator_uuid ? { uuid: row.creator_uuid, name: row.creator_name ?? '' } : null,
    });
  }
  return latest;
}
