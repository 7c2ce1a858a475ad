import {
  type CommentableType,
  commentCreateSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  commentReactionBodySchema,
  commentReactionResponseSchema,
  commentResponseSchema,
  commentUpdateSchema,
  MESSAGES,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { commentViewerOf, findCommentable, findVisibleComment } from './comment-access';
import { listComments, presentComment } from './comment-list.query';
import { addReaction, removeReaction } from './comment-reactions';
import { registerCommentUploadPolicy } from './comment-uploads';
import { createComment } from './create-comment';
import { deleteComment, updateComment } from './update-comment';

const tags = ['comments'];

/**
 * Path segment → commentable type (doc 2 §7: {tasks|projects|requests}/{uuid}/comments; issue 22 adds
 * content-items/{uuid}/comments, where the item's own rule asks POSTS_READ besides: 404 without it).
 */
const COMMENTABLE_PATHS: [string, CommentableType][] = [
  ['tasks', 'task'],
  ['requests', 'request'],
  ['projects', 'project'],
  ['content-items', 'content_item'],
];

const NAMES: Record<CommentableType, string> = {
  task: 'task',
  request: 'request',
  project: 'plan',
  content_item: 'content item',
};

/**
 * Comments on tasks, requests and plans (doc 2 §7): threads, replies, edits, deletes and likes. Reading follows the
 * commentable's own visibility (another plan's task answers 404); the rules of who may write what live in
 * comment-access.ts.
 */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCommentUploadPolicy();
  const viewer = (request: Parameters<typeof requirePrincipal>[0]) => commentViewerOf(requirePrincipal(request));

  for (const [segment, type] of COMMENTABLE_PATHS) {
    app.get(
      `/${segment}/:uuid/comments`,
      {
        config: { access: access.staff('COMMENTS_READ') },
        schema: {
          tags,
          summary: `Comments of a ${NAMES[type]}`,
          description:
            'Threads newest first (sort[direction]=asc for oldest), 100 a page; replies nested. with_scheduled=1 adds ' +
            "the caller's own scheduled comments. meta.abilities says whether the caller may comment here and which types.",
          params: uuidParam,
          querystring: commentListQuerySchema,
          response: { 200: commentListResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const who = viewer(request);
        const commentable = await findCommentable(app.ctx.db, type, request.params.uuid, who);
        return listComments(app.ctx.db, commentable, who, request.query);
      },
    );

    app.post(
      `/${segment}/:uuid/comments`,
      {
        config: { access: access.staff('COMMENTS_CREATE') },
        schema: {
          tags,
          summary: `Comment on a ${NAMES[type]}`,
          description:
            "send_at (ISO 8601, or 'YYYY-MM-DD HH:mm:ss' in the agency's zone) schedules it for a working day and time.",
          params: uuidParam,
          body: commentCreateSchema,
          response: { 200: commentResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const who = viewer(request);
        const commentable = await findCommentable(app.ctx.db, type, request.params.uuid, who);
        const { row } = await createComment(app.ctx, request.log, who, { commentable }, request.body);
        return { data: await presentComment(app.ctx.db, row, commentable, who) };
      },
    );
  }

  app.post(
    '/projects/comments/:uuid/comments',
    {
      config: { access: access.staff('COMMENTS_CREATE') },
      schema: {
        tags,
        summary: 'Reply to a comment',
        description:
          'Works for comments on tasks, requests, plans and content items. A reply to a private note is private.',
        params: uuidParam,
        body: commentCreateSchema,
        response: { 200: commentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const who = viewer(request);
      const { row, commentable } = await createComment(
        app.ctx,
        request.log,
        who,
        { parentUuid: request.params.uuid },
        request.body,
      );
      return { data: await presentComment(app.ctx.db, row, commentable, who) };
    },
  );

  app.get(
    '/comments/:uuid',
    {
      config: { access: access.staff('COMMENTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: commentResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const who = viewer(request);
      const { comment, commentable } = await findVisibleComment(app.ctx.db, request.params.uuid, who);
      return { data: await presentComment(app.ctx.db, comment, commentable, who) };
    },
  );

  app.put(
    '/comments/:uuid',
    {
      config: { access: access.staff('COMMENTS_UPDATE') },
      schema: {
        tags,
        summary: 'Edit a comment (author only)',
        description: 'Changed fields, or only send_at (null sends a scheduled comment now) plus ref_token.',
        params: uuidParam,
        body: commentUpdateSchema,
        response: { 200: commentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const who = viewer(request);
      const { row, commentable } = await updateComment(app.ctx, request.log, who, request.params.uuid, request.body);
      return { data: await presentComment(app.ctx.db, row, commentable, who) };
    },
  );

  app.delete(
    '/comments/:uuid',
    {
      config: { access: access.staff('COMMENTS_DESTROY') },
      schema: {
        tags,
        summary: 'Delete a comment (author only)',
        description: "A sent comment reads '[Comment Deleted]' afterwards; a scheduled one is cancelled.",
        params: uuidParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await deleteComment(app.ctx, viewer(request), request.params.uuid);
      return { message: MESSAGES.deleted };
    },
  );

  app.post(
    '/comments/:uuid/reaction',
    {
      config: { access: access.staff('COMMENTS_READ') },
      schema: {
        tags,
        summary: 'Like a comment',
        description: 'Liking twice keeps one like and answers it.',
        params: uuidParam,
        body: commentReactionBodySchema,
        response: { 200: commentReactionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await addReaction(app.ctx, viewer(request), request.params.uuid) }),
  );

  app.delete(
    '/reaction/:uuid',
    {
      config: { access: access.staff('COMMENTS_READ') },
      schema: {
        tags,
        summary: 'Take back a like (one’s own)',
        params: uuidParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await removeReaction(app.ctx, viewer(request), request.params.uuid);
      return { message: MESSAGES.deleted };
    },
  );
};
