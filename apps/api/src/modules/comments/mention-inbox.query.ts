import type { CommentableType, CommentKind, MentionInbox, mentionInboxQuerySchema } from '@portal/domain';
import { COMMENT_DELETED_TEXT } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { listMeta } from '../../http/list-paging';
import { contentItemTitle } from '../content/content-access';

type Query = z.output<typeof mentionInboxQuerySchema>;

type Row = {
  uuid: string;
  read_at: Date | string | null;
  created_at: Date | string;
  action_url: string | null;
  comment_uuid: string | null;
  text: string | null;
  type: string | null;
  deleted_at: Date | string | null;
  author_uuid: string | null;
  author_name: string | null;
  commentable_type: string | null;
  commentable_uuid: string | null;
  commentable_title: string | null;
  content_platform: string | null;
  content_caption: string | null;
  total: number;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The Mentions inbox (GET mentions): the caller's mention notifications, newest first, optionally unread only, each
 * with its comment, the comment's author, what it is on and the link that opens it highlighted. Reads the partial
 * index of mention notifications, so a person with many other notifications pays nothing for them.
 */
export async function listMentionInbox(db: DbExecutor, userId: number, query: Query): Promise<MentionInbox> {
  const unread = query.filter === 'unread' ? sql`and n.read_at is null` : sql``;
  const size = query.page.size;
  const offset = (query.page.number - 1) * size;
  const found = await db.execute<Row>(sql`
    with page as (
      select n.uuid, n.read_at, n.created_at, n.data, n.number, count(*) over () ::int as total
      from notifications n
      where n.user_id = ${userId} and (n.data ->> 'has_mention')::boolean is true ${unread}
      order by n.number desc limit ${size} offset ${offset}
    )
    select p.uuid, p.read_at, p.created_at, p.data ->> 'action_url' as action_url, p.total,
      c.uuid as comment_uuid, c.text, c.type, c.deleted_at, u.uuid as author_uuid, ac.name as author_name,
      c.commentable_type,
      coalesce(t.uuid, r.uuid, pr.uuid, ci.uuid) as commentable_uuid,
      coalesce(t.title, r.subject, pr.title) as commentable_title, ci.platform as content_platform,
      ci.caption as content_caption
    from page p
    -- By the comment's uuid index: resource_id is cast, never the column (a cast column reads every comment).
    left join comments c on c.uuid = case when p.data ->> 'resource_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (p.data ->> 'resource_id')::uuid end
    left join users u on u.id = c.creator_id
    left join contacts ac on ac.user_id = u.id
    left join tasks t on c.commentable_type = 'task' and t.id = c.commentable_id
    left join requests r on c.commentable_type = 'request' and r.id = c.commentable_id
    left join projects pr on c.commentable_type = 'project' and pr.id = c.commentable_id
    left join content_items ci on c.commentable_type = 'content_item' and ci.id = c.commentable_id
    order by p.number desc`);
  let total = found.rows[0]?.total ?? 0;
  if (found.rows.length === 0 && query.page.number > 1) {
    const counted = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from notifications n
      where n.user_id = ${userId} and (n.data ->> 'has_mention')::boolean is true ${unread}`);
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    data: found.rows.map((row) => ({
      id: row.uuid,
      read_at: row.read_at ? iso(row.read_at) : null,
      created_at: iso(row.created_at),
      action_url: row.action_url,
      comment:
        row.comment_uuid && row.commentable_uuid
          ? {
              uuid: row.comment_uuid,
              text: row.deleted_at ? COMMENT_DELETED_TEXT : (row.text ?? ''),
              type: (row.type ?? 'comment') as CommentKind,
              deleted: row.deleted_at !== null,
              creator: row.author_uuid ? { uuid: row.author_uuid, name: row.author_name ?? '' } : null,
              commentable: {
                type: (row.commentable_type ?? 'task') as CommentableType,
                uuid: row.commentable_uuid,
                title:
                  row.content_platform !== null
                    ? contentItemTitle({ platform: row.content_platform, caption: row.content_caption ?? '' })
                    : (row.commentable_title ?? ''),
              },
            }
          : null,
    })),
    meta: listMeta(total, query.page),
  };
}
