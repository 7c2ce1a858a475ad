import {
  COMMENT_DELETED_TEXT,
  type Comment,
  type CommentableType,
  type CommentKind,
  type CommentOrigin,
  type CommentReply,
  type commentListQuerySchema,
  type MentionableType,
  type UserType,
} from '@portal/domain';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { idIn } from '../../db/id-in';
import { commentMentions, commentReactions, comments, contacts, groups, users } from '../../db/schema';
import { listMeta } from '../../http/list-paging';
import {
  allowedCommentTypes,
  type Commentable,
  type CommentRow,
  type CommentViewer,
  canCommentOn,
  visibleComments,
} from './comment-access';
import { loadCommentUploads } from './comment-uploads';

type ListQuery = z.output<typeof commentListQuerySchema>;

type Extras = {
  creators: Map<number, Comment['creator']>;
  reactions: Map<number, Comment['reactions']>;
  mentions: Map<number, Comment['related_users']>;
  uploads: Map<number, Comment['uploads']>;
};

/** Creators, likes, mentions and files of a page of comments: four queries whatever the page size. */
async function loadExtras(db: DbExecutor, rows: CommentRow[]): Promise<Extras> {
  const ids = rows.map((r) => r.id);
  const extras: Extras = { creators: new Map(), reactions: new Map(), mentions: new Map(), uploads: new Map() };
  if (ids.length === 0) {
    return extras;
  }
  // Likes first without their people, then creators and likers in one lookup of the few people involved: joining
  // contacts per like made the planner read the whole contacts table.
  const [likes, mentioned, files] = await Promise.all([
    db
      .select({
        commentId: commentReactions.commentId,
        uuid: commentReactions.uuid,
        userId: commentReactions.userId,
      })
      .from(commentReactions)
      .where(idIn(commentReactions.commentId, ids))
      .orderBy(asc(commentReactions.id)),
    db
      .select({
        commentId: commentMentions.commentId,
        contactUuid: contacts.uuid,
        userUuid: users.uuid,
        contactName: contacts.name,
        contactType: contacts.type,
        groupUuid: groups.uuid,
        groupName: groups.name,
      })
      .from(commentMentions)
      .leftJoin(contacts, eq(contacts.id, commentMentions.contactId))
      .leftJoin(users, eq(users.id, contacts.userId))
      .leftJoin(groups, eq(groups.id, commentMentions.groupId))
      .where(idIn(commentMentions.commentId, ids))
      .orderBy(asc(commentMentions.id)),
    loadCommentUploads(db, ids),
  ]);
  const peopleIds = [
    ...new Set([...rows.flatMap((r) => (r.creatorId ? [r.creatorId] : [])), ...likes.map((l) => l.userId)]),
  ];
  const people = peopleIds.length
    ? await db
        .select({
          id: users.id,
          uuid: users.uuid,
          name: contacts.name,
          type: contacts.type,
          jobTitle: contacts.jobTitle,
        })
        .from(users)
        .innerJoin(contacts, eq(contacts.userId, users.id))
        .where(idIn(users.id, peopleIds))
    : [];
  for (const p of people) {
    extras.creators.set(p.id, { uuid: p.uuid, name: p.name, type: p.type as UserType, job_title: p.jobTitle });
  }
  for (const like of likes) {
    const person = extras.creators.get(like.userId);
    if (!person) {
      continue;
    }
    const list = extras.reactions.get(like.commentId) ?? [];
    list.push({ uuid: like.uuid, reaction: 'thumbs_up', creator: { uuid: person.uuid, name: person.name } });
    extras.reactions.set(like.commentId, list);
  }
  for (const m of mentioned) {
    const list = extras.mentions.get(m.commentId) ?? [];
    if (m.groupUuid) {
      list.push({ uuid: m.groupUuid, name: m.groupName ?? '', type: 'group' });
    } else if (m.contactUuid) {
      list.push({
        uuid: m.userUuid ?? m.contactUuid,
        name: m.contactName ?? '',
        type: (m.contactType ?? 'contact') as MentionableType,
      });
    }
    extras.mentions.set(m.commentId, list);
  }
  extras.uploads = files;
  return extras;
}

function presentOne(
  row: CommentRow,
  commentableUuid: string,
  parentUuid: string | null,
  extras: Extras,
  viewer: CommentViewer,
  now: Date,
): CommentReply {
  const deleted = row.deletedAt !== null;
  const scheduled = row.sendAt !== null && row.sendAt.getTime() > now.getTime();
  const mine = row.creatorId === viewer.userId;
  return {
    uuid: row.uuid,
    text: deleted ? COMMENT_DELETED_TEXT : row.text,
    text_delta: deleted ? null : (row.textDelta ?? null),
    type: row.type as CommentKind,
    commentable_type: row.commentableType as CommentableType,
    commentable_uuid: commentableUuid,
    parent_uuid: parentUuid,
    creator: (row.creatorId && extras.creators.get(row.creatorId)) || null,
    origin: row.origin as CommentOrigin,
    author_name: row.authorName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
    send_at: row.sendAt?.toISOString() ?? null,
    is_scheduled: scheduled && !deleted,
    is_edited: !deleted && !scheduled && row.updatedAt.getTime() !== row.createdAt.getTime(),
    uploads: deleted ? [] : (extras.uploads.get(row.id) ?? []),
    reactions: extras.reactions.get(row.id) ?? [],
    related_users: deleted ? [] : (extras.mentions.get(row.id) ?? []),
    abilities: { update: mine && !deleted, delete: mine && !deleted, delete_uploads: mine && !deleted },
  };
}

/** Top-level comments with their (visible) replies, oldest reply first; a deleted comment's replies are cleared. */
export async function presentThreads(
  db: DbExecutor,
  roots: CommentRow[],
  commentable: Pick<Commentable, 'uuid'>,
  viewer: CommentViewer,
  options: { withScheduled: boolean },
): Promise<Comment[]> {
  const liveRootIds = roots.filter((r) => r.deletedAt === null).map((r) => r.id);
  const replies = liveRootIds.length
    ? await db
        .select()
        .from(comments)
        .where(and(idIn(comments.parentId, liveRootIds), isNull(comments.deletedAt), visibleComments(viewer, options)))
        .orderBy(asc(comments.createdAt), asc(comments.id))
    : [];
  const extras = await loadExtras(db, [...roots, ...replies]);
  const now = new Date();
  const repliesByRoot = new Map<number, CommentReply[]>();
  const rootUuid = new Map(roots.map((r) => [r.id, r.uuid]));
  for (const reply of replies) {
    const list = repliesByRoot.get(reply.parentId ?? 0) ?? [];
    list.push(presentOne(reply, commentable.uuid, rootUuid.get(reply.parentId ?? 0) ?? null, extras, viewer, now));
    repliesByRoot.set(reply.parentId ?? 0, list);
  }
  return roots.map((root) => ({
    ...presentOne(root, commentable.uuid, null, extras, viewer, now),
    replies: root.deletedAt ? [] : (repliesByRoot.get(root.id) ?? []),
  }));
}

/** One comment as GET comments/{uuid} and the writes answer it: a root with its replies, or a reply alone. */
export async function presentComment(
  db: DbExecutor,
  row: CommentRow,
  commentable: Pick<Commentable, 'uuid'>,
  viewer: CommentViewer,
): Promise<Comment> {
  if (row.parentId === null) {
    const [thread] = await presentThreads(db, [row], commentable, viewer, { withScheduled: true });
    if (!thread) {
      throw new Error('comment vanished');
    }
    return thread;
  }
  const [parent] = await db.select({ uuid: comments.uuid }).from(comments).where(eq(comments.id, row.parentId));
  const extras = await loadExtras(db, [row]);
  return { ...presentOne(row, commentable.uuid, parent?.uuid ?? null, extras, viewer, new Date()), replies: [] };
}

/**
 * GET {tasks|projects|requests}/{uuid}/comments: a page of threads, newest first (or oldest with
 * sort[direction]=asc), optionally of some types; meta carries what the caller may do here.
 */
export async function listComments(db: DbExecutor, commentable: Commentable, viewer: CommentViewer, query: ListQuery) {
  const withScheduled = query.with_scheduled ?? false;
  const types = (query.filters?.type ?? []).filter((t) => allowedCommentTypes(commentable, viewer).includes(t));
  const where = and(
    eq(comments.commentableType, commentable.type),
    eq(comments.commentableId, commentable.id),
    isNull(comments.parentId),
    visibleComments(viewer, { withScheduled }),
    query.filters?.type?.length ? sql`${comments.type} = any(${`{${types.join(',')}}`}::text[])` : undefined,
  );
  const direction = query.sort?.direction === 'asc' ? asc : desc;
  const size = query.page.size;
  const [roots, totals] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(direction(comments.createdAt), direction(comments.id))
      .limit(size)
      .offset((query.page.number - 1) * size),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return {
    data: await presentThreads(db, roots, commentable, viewer, { withScheduled }),
    meta: {
      ...listMeta(totals[0]?.n ?? 0, query.page),
      abilities: { can_comment: canCommentOn(commentable, viewer), types: allowedCommentTypes(commentable, viewer) },
    },
  };
}
