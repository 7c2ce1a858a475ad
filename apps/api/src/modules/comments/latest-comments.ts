import type { DbExecutor } from '../../db/client';
import { intArrayLiteral } from '../../db/id-in';
import { queryTextRows } from '../../db/prepared';

export type LatestComment = { uuid: string; text: string; creator: { uuid: string; name: string } | null };

/** Fixed text, so every connection prepares it once (it was parsed and planned on each list request). */
const LATEST_SQL = `
  select r.id, c.uuid, c.text, u.uuid, ct.name
  from unnest($1::int[]) as r(id)
  cross join lateral (
    select lc.uuid, lc.text, lc.creator_id from comments lc
    where lc.commentable_type = 'request' and lc.commentable_id = r.id and lc.deleted_at is null
      and lc.type = 'comment' and lc.created_at <= now()
    order by lc.created_at desc, lc.id desc limit 1
  ) c
  left join users u on u.id = c.creator_id
  left join contacts ct on ct.user_id = u.id`;

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
  const ids = intArrayLiteral(requestIds);
  const rows = await queryTextRows(db, 'latest_request_comments', LATEST_SQL, [ids]);
  for (const [requestId, uuid, text, creatorUuid, creatorName] of rows as [
    string,
    string,
    string,
    string | null,
    string | null,
  ][]) {
    latest.set(Number(requestId), {
      uuid,
      text,
      creator: creatorUuid ? { uuid: creatorUuid, name: creatorName ?? '' } : null,
    });
  }
  return latest;
}
