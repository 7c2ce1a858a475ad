import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { groups } from './catalog';
import { createdAt, id, publicId, updatedAt } from './columns';
import { projects } from './plans';
import { contacts, users } from './users';

/**
 * Comments on tasks, requests, plans and content items (doc 2 §3, §4; issue 22). `commentable_id` points into the table `commentable_type`
 * names; `project_id` is the commentable's plan, kept so events and plan-wide reads need no join. A reply points at
 * its parent (and copies the parent's commentable). `delivered_at` is set once its notifications went out: at once,
 * or by the scheduled-comments job when `send_at` comes.
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    uuid: publicId(),
    commentableType: text().notNull(),
    commentableId: integer().notNull(),
    projectId: integer().references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    type: text().notNull().default('comment'),
    text: text().notNull(),
    textDelta: jsonb(),
    creatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    sendAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    refToken: text(),
    /**
     * 'approval_link': the client's "request changes" answer on a content approval link, copied into the item's
     * thread. The client has no account (creator_id null) and the link does not say which contact opened it, so
     * author_name keeps the client's name as it was when they answered.
     */
    origin: text().notNull().default('app'),
    authorName: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'comments_commentable_type_check',
      sql`${t.commentableType} in ('task', 'request', 'project', 'content_item')`,
    ),
    check('comments_origin_check', sql`${t.origin} in ('app', 'approval_link')`),
    check('comments_type_check', sql`${t.type} in ('comment', 'private', 'call_log', 'email_log', 'summary')`),
    // A page of threads: newest top-level comments of one commentable.
    index('comments_thread_idx')
      .on(t.commentableType, t.commentableId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    // Every comment of one commentable by time, replies included: a request's latest comment and the unanswered
    // staff comments that make it frozen (request-temperature.ts), per request in the hourly pass.
    index('comments_commentable_idx').on(t.commentableType, t.commentableId, t.createdAt),
    // The scheduled-comments job: what is still to be delivered.
    index('comments_undelivered_idx').on(t.sendAt).where(sql`${t.deliveredAt} is null`),
  ],
);

/** Likes (reaction thumbs_up); one per person and comment. */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: id(),
    uuid: publicId(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text().notNull().default('thumbs_up'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('comment_reactions_one_per_user').on(t.commentId, t.userId, t.reaction),
    check('comment_reactions_reaction_check', sql`${t.reaction} in ('thumbs_up')`),
  ],
);

/** Who a comment mentions (related_users): a person (their contact, login or not) or a group. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    id: id(),
    commentId: integer()
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    contactId: integer().references(() => contacts.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('comment_mentions_target_check', sql`num_nonnulls(${t.contactId}, ${t.groupId}) = 1`),
    index('comment_mentions_comment_idx').on(t.commentId),
  ],
);

/** Canned replies (doc 2 §3 Template, §9). */
export const commentTemplates = pgTable('comment_templates', {
  id: id(),
  uuid: publicId(),
  title: text().notNull(),
  content: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
