import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { DomainEvent } from '../../events/domain-events';
import type { UploadHolder } from './holder-access';

/** The part of an upload event that says who may learn of it: its holder, or the person it is addressed to. */
export type UploadEventAudience = Pick<DomainEvent, 'projectId' | 'userIds'> & { payload: Record<string, unknown> };

/**
 * Who may learn that a held file changed (attached, released, deleted): whoever reads its holder. The live router
 * reads the holder from the payload (live/read-rules.ts: upload) and finds the holder's readers as for the holder's
 * own events (a task's plan and linked people; a comment's commentable, and COMMENTS_PRIVATE for plan-only types).
 * A scheduled comment's files are its author's until it is sent; files of a client or a person go only to `actorId`.
 * Worked out before a release, while the file still names its holder.
 */
export async function uploadEventAudience(
  db: DbExecutor,
  holder: UploadHolder | null,
  actorId: number,
): Promise<UploadEventAudience> {
  const mine: UploadEventAudience = { userIds: [actorId], payload: { holder_type: holder?.type ?? null } };
  if (holder?.type === 'task' || holder?.type === 'request') {
    const table = holder.type === 'task' ? sql`tasks` : sql`requests`;
    const found = await db.execute<{ uuid: string; project_id: number | null }>(
      sql`select uuid::text as uuid, project_id from ${table} where id = ${holder.id}`,
    );
    const row = found.rows[0];
    return row
      ? { projectId: row.project_id, payload: { holder_type: holder.type, [`${holder.type}_uuid`]: row.uuid } }
      : mine;
  }
  if (holder?.type === 'comment') {
    const found = await db.execute<{
      type: string;
      commentable_type: string;
      commentable_uuid: string | null;
      project_id: number | null;
      scheduled_for: number | null;
    }>(sql`
      select c.type, c.commentable_type, coalesce(t.uuid, r.uuid, p.uuid, ci.uuid)::text as commentable_uuid,
        coalesce(t.project_id, r.project_id, p.id, ci.project_id) as project_id,
        case when c.send_at > now() then c.creator_id end as scheduled_for
      from comments c
      left join tasks t on c.commentable_type = 'task' and t.id = c.commentable_id
      left join requests r on c.commentable_type = 'request' and r.id = c.commentable_id
      left join projects p on c.commentable_type = 'project' and p.id = c.commentable_id
      left join content_items ci on c.commentable_type = 'content_item' and ci.id = c.commentable_id
      where c.id = ${holder.id}`);
    const row = found.rows[0];
    if (!row?.commentable_uuid) {
      return mine;
    }
    return {
      projectId: row.project_id,
      ...(row.scheduled_for !== null ? { userIds: [row.scheduled_for] } : {}),
      payload: {
        holder_type: 'comment',
        comment_type: row.type,
        commentable_type: row.commentable_type,
        commentable_uuid: row.commentable_uuid,
      },
    };
  }
  return mine;
}
