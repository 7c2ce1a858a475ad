import {
  commentTemplateInputSchema,
  commentTemplateListResponseSchema,
  commentTemplateResponseSchema,
  MESSAGES,
  mentionableListResponseSchema,
  mentionablesQuerySchema,
  mentionInboxQuerySchema,
  mentionInboxResponseSchema,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { commentViewerOf, findCommentable } from './comment-access';
import {
  createCommentTemplate,
  deleteCommentTemplate,
  getCommentTemplate,
  listCommentTemplates,
  updateCommentTemplate,
} from './comment-templates';
import { listMentionInbox } from './mention-inbox.query';
import { listMentionables } from './mentionables';

/**
 * Mentionables, the Mentions inbox list (its count and read calls are the notifications module's mentions/count and
 * mentions/{id}/read) and comment templates.
 */
export const mentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: Parameters<typeof requirePrincipal>[0]) => commentViewerOf(requirePrincipal(request));

  app.get(
    '/projects/:uuid/mentionables',
    {
      config: { access: access.staff('COMMENTS_CREATE') },
      schema: {
        tags: ['comments'],
        summary: 'Whom the caller may mention on this plan',
        params: uuidParam,
        querystring: mentionablesQuerySchema,
        response: { 200: mentionableListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const who = viewer(request);
      const plan = await findCommentable(app.ctx.db, 'project', request.params.uuid, who);
      return { data: await listMentionables(app.ctx.db, who, plan.id, request.query.search_term) };
    },
  );

  app.get(
    '/mentions/mentionables',
    {
      config: { access: access.staff('COMMENTS_CREATE') },
      schema: {
        tags: ['comments'],
        summary: 'Whom the caller may mention anywhere',
        querystring: mentionablesQuerySchema,
        response: { 200: mentionableListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await listMentionables(app.ctx.db, viewer(request), null, request.query.search_term),
    }),
  );

  app.get(
    '/mentions',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['notifications'],
        summary: 'The Mentions inbox',
        description:
          'Mention notifications newest first (filter=unread for unread only), each with its comment, author, what it ' +
          'is on and action_url (task_comment_uuid / target_comment_id). Mark one read with POST mentions/{id}/read.',
        querystring: mentionInboxQuerySchema,
        response: { 200: mentionInboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => listMentionInbox(app.ctx.db, requirePrincipal(request).userId, request.query),
  );

  const templateTags = ['comment-templates'];

  app.get(
    '/comment-templates',
    {
      config: { access: access.staff('COMMENT_TEMPLATES_READ') },
      schema: { tags: templateTags, response: { 200: commentTemplateListResponseSchema, ...errorResponses } },
    },
    async () => ({ data: await listCommentTemplates(app.ctx.db) }),
  );

  app.get(
    '/comment-templates/:uuid',
    {
      config: { access: access.staff('COMMENT_TEMPLATES_READ') },
      schema: {
        tags: templateTags,
        params: uuidParam,
        response: { 200: commentTemplateResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await getCommentTemplate(app.ctx.db, request.params.uuid) }),
  );

  app.post(
    '/comment-templates',
    {
      config: { access: access.regular('COMMENT_TEMPLATES_CREATE') },
      schema: {
        tags: templateTags,
        body: commentTemplateInputSchema,
        response: { 200: commentTemplateResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await createCommentTemplate(app.ctx.db, request.body) }),
  );

  app.put(
    '/comment-templates/:uuid',
    {
      config: { access: access.regular('COMMENT_TEMPLATES_UPDATE') },
      schema: {
        tags: templateTags,
        params: uuidParam,
        body: commentTemplateInputSchema,
        response: { 200: commentTemplateResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateCommentTemplate(app.ctx.db, request.params.uuid, request.body) }),
  );

  app.delete(
    '/comment-templates/:uuid',
    {
      config: { access: access.regular('COMMENT_TEMPLATES_DESTROY') },
      schema: { tags: templateTags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteCommentTemplate(app.ctx.db, request.params.uuid);
      return { message: MESSAGES.deleted };
    },
  );
};
