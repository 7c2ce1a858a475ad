import { z } from 'zod';
import { listMetaSchema, requiredText, uuidParam } from '../contracts/common';
import { oneOrMany, queryBoolean } from '../contracts/lists';
import { uploadSchema } from '../contracts/uploads';

import { COMMENT_TYPES, MENTIONABLE_TYPES, REACTION_TYPES } from '../statuses';
import { USER_TYPES } from '../user-types';
import { COMMENT_TEXT_MAX } from './delta';

/** Comments load 100 a page; another page exists when exactly 100 came back (doc 2 §9). */
export const COMMENTS_PAGE_SIZE = 100;
/** What a deleted comment reads (doc 2 §4). */
export const COMMENT_DELETED_TEXT = '[Comment Deleted]';
export const COMMENT_EDITED_LABEL = '[Edited]';
/** The mentionables search waits this long after typing (doc 2 §9). */
export const MENTIONABLES_DEBOUNCE_MS = 400;

export const COMMENTABLE_TYPES = ['task', 'request', 'project', 'content_item'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];
/** A comment written in the app, or the client's "request changes" answer on a content approval link. */
export const COMMENT_ORIGINS = ['app', 'approval_link'] as const;
export type CommentOrigin = (typeof COMMENT_ORIGINS)[number];

export const commentTypeSchema = z.enum(COMMENT_TYPES);
export type CommentKind = z.infer<typeof commentTypeSchema>;
/** Types that exist on plans only, for holders of COMMENTS_PRIVATE (doc 2 §6). */
export const PLAN_ONLY_COMMENT_TYPES = ['private', 'call_log', 'email_log', 'summary'] as const;
export const COMMENT_TYPE_LABELS: Record<CommentKind, string> = {
  comment: 'Comment',
  call_log: 'Call log',
  email_log: 'Email log',
  private: 'Private note',
  summary: 'Summary',
};

export function isPlanOnlyCommentType(type: string): boolean {
  return (PLAN_ONLY_COMMENT_TYPES as readonly string[]).includes(type);
}

export const mentionableTypeSchema = z.enum(MENTIONABLE_TYPES);
export type MentionableType = z.infer<typeof mentionableTypeSchema>;

/** Mentionable (doc 2 §3): people are their user's uuid (a contact without a login its contact uuid), groups theirs. */
export const mentionableSchema = z.object({ uuid: z.uuid(), name: z.string(), type: mentionableTypeSchema });
export type Mentionable = z.infer<typeof mentionableSchema>;
export const mentionableListResponseSchema = z.object({ data: z.array(mentionableSchema) });
export const mentionablesQuerySchema = z.object({ search_term: z.string().trim().max(100).optional() });

export const commentCreatorSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  type: z.enum(USER_TYPES),
  job_title: z.string().nullable(),
});

export const commentReactionSchema = z.object({
  uuid: z.uuid(),
  reaction: z.enum(REACTION_TYPES),
  creator: z.object({ uuid: z.uuid(), name: z.string() }),
});
export type CommentReaction = z.infer<typeof commentReactionSchema>;

/** The caller's abilities on a comment: the panel shows edit and delete from these, never from its own rules. */
export const commentAbilitiesSchema = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  delete_uploads: z.boolean(),
});

const commentBase = z.object({
  uuid: z.uuid(),
  text: z.string(),
  text_delta: z.unknown().nullable(),
  type: commentTypeSchema,
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_uuid: z.uuid(),
  parent_uuid: z.uuid().nullable(),
  creator: commentCreatorSchema.nullable(),
  /**
   * Where it was written: in the app by `creator`, or on a content approval link by the client (no account, so no
   * creator; `author_name` is the client's name as it was then).
   */
  origin: z.enum(COMMENT_ORIGINS),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  send_at: z.string().nullable(),
  /** send_at still ahead: only its creator sees it. */
  is_scheduled: z.boolean(),
  /** '[Edited]': changed after creation, neither deleted nor scheduled. */
  is_edited: z.boolean(),
  uploads: z.array(uploadSchema),
  reactions: z.array(commentReactionSchema),
  related_users: z.array(mentionableSchema),
  abilities: commentAbilitiesSchema,
});

export const commentReplySchema = commentBase;
export const commentSchema = commentBase.extend({ replies: z.array(commentReplySchema) });
export type CommentReply = z.infer<typeof commentReplySchema>;
export type Comment = z.infer<typeof commentSchema>;

export const commentResponseSchema = z.object({ data: commentSchema });

/**
 * GET {tasks|projects|requests}/{uuid}/comments: newest threads first (sort[by]=created_at, sort[direction]=desc),
 * 100 a page, filters[type][], with_scheduled (the caller's own scheduled comments too).
 */
export const commentListQuerySchema = z.object({
  page: z
    .object({
      size: z.coerce.number().int().min(1).max(COMMENTS_PAGE_SIZE).default(COMMENTS_PAGE_SIZE),
      number: z.coerce.number().int().min(1).default(1),
    })
    .default({ size: COMMENTS_PAGE_SIZE, number: 1 }),
  sort: z.object({ by: z.enum(['created_at']).optional(), direction: z.enum(['asc', 'desc']).optional() }).optional(),
  filters: z.object({ type: oneOrMany(commentTypeSchema).optional() }).optional(),
  with_scheduled: queryBoolean,
});
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

/** What the caller may do here: the panel hides its input and the plan tab bar from these. */
export const commentPanelAbilitiesSchema = z.object({
  can_comment: z.boolean(),
  types: z.array(commentTypeSchema),
});
export const commentListResponseSchema = z.object({
  data: z.array(commentSchema),
  meta: listMetaSchema.extend({ abilities: commentPanelAbilitiesSchema }),
});
export type CommentList = z.infer<typeof commentListResponseSchema>;

/** A related user as the editor sends it: the uuid alone or with its type. */
const relatedUserInput = z.union([z.uuid(), z.object({ uuid: z.uuid(), type: mentionableTypeSchema.optional() })]);

const sendAtField = z.union([z.string().trim().max(40), z.null()]);

/** POST …/comments and replies. Text is the delta (validated on the server) or plain text. */
export const commentCreateSchema = z.object({
  text: z
    .string()
    .max(COMMENT_TEXT_MAX * 2)
    .optional(),
  text_delta: z.unknown().optional(),
  related_users: z.array(relatedUserInput).max(200).optional(),
  type: commentTypeSchema.default('comment'),
  uploads: z.array(z.uuid()).max(50).optional(),
  send_at: sendAtField.optional(),
  ref_token: z.string().max(100).optional(),
});
export type CommentCreateInput = z.input<typeof commentCreateSchema>;

/** PUT comments/{uuid}: changed fields, or only send_at (moving or sending now with null) plus ref_token. */
export const commentUpdateSchema = commentCreateSchema.omit({ type: true }).partial();
export type CommentUpdateInput = z.input<typeof commentUpdateSchema>;

export const commentReactionBodySchema = z.object({ reaction: z.enum(REACTION_TYPES) });
export const commentReactionResponseSchema = z.object({ data: commentReactionSchema });

export const commentUuidParam = uuidParam;

/** Comment template (doc 2 §3). */
export const commentTemplateSchema = z.object({ uuid: z.uuid(), title: z.string(), content: z.string() });
export type CommentTemplate = z.infer<typeof commentTemplateSchema>;
export const commentTemplateInputSchema = z.object({ title: requiredText(120), content: requiredText(5000) });
export type CommentTemplateInput = z.input<typeof commentTemplateInputSchema>;
export const commentTemplateListResponseSchema = z.object({ data: z.array(commentTemplateSchema) });
export const commentTemplateResponseSchema = z.object({ data: commentTemplateSchema });

/** One row of the Mentions inbox: the mention notification, its comment, author, commentable and where it opens. */
export const mentionInboxItemSchema = z.object({
  id: z.uuid(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  action_url: z.string().nullable(),
  comment: z
    .object({
      uuid: z.uuid(),
      text: z.string(),
      type: commentTypeSchema,
      deleted: z.boolean(),
      creator: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
      commentable: z.object({ type: z.enum(COMMENTABLE_TYPES), uuid: z.uuid(), title: z.string() }),
    })
    .nullable(),
});
export type MentionInboxItem = z.infer<typeof mentionInboxItemSchema>;

export const mentionInboxQuerySchema = z.object({
  page: z
    .object({
      size: z.coerce.number().int().min(1).max(100).default(20),
      number: z.coerce.number().int().min(1).default(1),
    })
    .default({ size: 20, number: 1 }),
  filter: z.enum(['all', 'unread']).default('all'),
});
export type MentionInboxQuery = z.input<typeof mentionInboxQuerySchema>;
export const mentionInboxResponseSchema = z.object({ data: z.array(mentionInboxItemSchema), meta: listMetaSchema });
export type MentionInbox = z.infer<typeof mentionInboxResponseSchema>;
