import {
  messageBodySchema,
  POST_MESSAGES,
  postCategoryInputSchema,
  postCategoryListResponseSchema,
  postCategoryResponseSchema,
  postInputSchema,
  postListQuerySchema,
  postListResponseSchema,
  postPublishSchema,
  postResponseSchema,
  postRevisionListResponseSchema,
  postRevisionParams,
  postUpdateSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTransaction } from '../../events/domain-events';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createCategory, deleteCategory, listCategories, renameCategory } from './post-categories';
import {
  createPost,
  deletePost,
  findRevision,
  publishPost,
  restoreRevision,
  unpublishPost,
  updatePost,
} from './post-commands';
import { getPost, listPosts, listRevisions } from './post-queries';
import { clearPublicAnswers } from './public-posts';

const tags = ['posts'];

/** The blog (/cms) is a regular user's screen: the POSTS_* family (doc 1 §6 "post"). */
const can = (verb: 'READ' | 'CREATE' | 'UPDATE' | 'DESTROY') => access.regular(`POSTS_${verb}`);

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Every write may change what the public API answers: this instance's kept answers go at once.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') {
      clearPublicAnswers();
    }
    return payload;
  });
  const siteUrl = ctx.config.posts.siteUrl;
  const body = (uuid: string) => ({ kind: 'post', uuid, field: 'body' }) as const;
  /** One transaction whose events (post-events.ts) are published once it committed. */
  const write = <T>(work: Parameters<typeof inTransaction<T>>[2]) => inTransaction(ctx.db, ctx.events, work);
  const storage = ctx.storage;

  app.get(
    '/posts',
    {
      config: { access: can('READ') },
      schema: { tags, querystring: postListQuerySchema, response: { 200: postListResponseSchema, ...errorResponses } },
    },
    async (request) => listPosts(ctx.db, request.query),
  );

  app.post(
    '/posts',
    {
      config: { access: can('CREATE') },
      schema: {
        tags,
        summary: 'A new draft',
        body: postInputSchema,
        response: { 200: postResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request).userId;
      const uuid = await write((tx, emit) => createPost(tx, actor, request.body, { storage, emit }));
      return { data: await getPost(ctx.db, uuid, siteUrl) };
    },
  );

  app.get(
    '/posts/:uuid',
    {
      config: { access: can('READ') },
      schema: { tags, params: uuidParam, response: { 200: postResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await getPost(ctx.db, request.params.uuid, siteUrl) }),
  );

  app.put(
    '/posts/:uuid',
    {
      config: { access: can('UPDATE') },
      schema: {
        tags,
        summary:
          'Change the sent fields; a body is merged into the open editors; a new slug keeps the old as a redirect',
        params: uuidParam,
        body: postUpdateSchema,
        response: { 200: postResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request).userId;
      const { uuid } = request.params;
      let input = request.body;
      if (input.body_delta !== undefined && input.body_delta !== null) {
        // As a task's description: the write joins what people are typing, and the merged text is what is stored.
        const current = await getPost(ctx.db, uuid, siteUrl);
        const merged = await app.realtime.collab.mergeWrite(body(uuid), current.body_delta, input.body_delta);
        input = { ...input, body_delta: merged as never };
      }
      await write((tx, emit) => updatePost(tx, actor, uuid, input, { storage, emit }));
      return { data: await getPost(ctx.db, uuid, siteUrl) };
    },
  );

  app.delete(
    '/posts/:uuid',
    {
      config: { access: can('DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const actor = requirePrincipal(request).userId;
      await write((tx, emit) => deletePost(tx, actor, request.params.uuid, emit));
      return { message: POST_MESSAGES.postDeleted };
    },
  );

  app.post(
    '/posts/:uuid/publish',
    {
      config: { access: can('UPDATE') },
      schema: {
        tags,
        summary: 'Publish now, or schedule with a future published_at (the posts job publishes it on time)',
        params: uuidParam,
        body: postPublishSchema,
        response: { 200: postResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request).userId;
      await write((tx, emit) => publishPost(tx, actor, request.params.uuid, request.body, emit));
      return { data: await getPost(ctx.db, request.params.uuid, siteUrl) };
    },
  );

  app.post(
    '/posts/:uuid/unpublish',
    {
      config: { access: can('UPDATE') },
      schema: {
        tags,
        summary: 'Back to a draft: off the public API at once, or a scheduled publish cancelled',
        params: uuidParam,
        response: { 200: postResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request).userId;
      await write((tx, emit) => unpublishPost(tx, actor, request.params.uuid, emit));
      return { data: await getPost(ctx.db, request.params.uuid, siteUrl) };
    },
  );

  app.get(
    '/posts/:uuid/revisions',
    {
      config: { access: can('READ') },
      schema: { tags, params: uuidParam, response: { 200: postRevisionListResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await listRevisions(ctx.db, request.params.uuid) }),
  );

  app.post(
    '/posts/:uuid/revisions/:id/restore',
    {
      config: { access: can('UPDATE') },
      schema: {
        tags,
        summary: "Put the revision's title, excerpt, body and SEO fields back (itself recorded as a new revision)",
        params: postRevisionParams,
        response: { 200: postResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = requirePrincipal(request).userId;
      const { uuid, id } = request.params;
      const { post, revision } = await findRevision(ctx.db, uuid, id);
      const current = await getPost(ctx.db, uuid, siteUrl);
      // The restored body replaces the open editors' text through the document, as any body write does.
      const merged = await app.realtime.collab.mergeWrite(
        body(uuid),
        current.body_delta ?? { ops: [] },
        revision.bodyDelta ?? { ops: [{ insert: '\n' }] },
      );
      await write((tx, emit) => restoreRevision(tx, actor, post, revision, merged, emit));
      return { data: await getPost(ctx.db, uuid, siteUrl) };
    },
  );

  app.get(
    '/post-categories',
    {
      config: { access: can('READ') },
      schema: {
        tags,
        summary: 'Every post category (doc 2 §7 "post categories for filters")',
        response: { 200: postCategoryListResponseSchema, ...errorResponses },
      },
    },
    async () => ({ data: await listCategories(ctx.db) }),
  );

  app.post(
    '/post-categories',
    {
      config: { access: can('CREATE') },
      schema: { tags, body: postCategoryInputSchema, response: { 200: postCategoryResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      return { data: await write((tx, emit) => createCategory(tx, request.body.name, { actorId, emit })) };
    },
  );

  app.put(
    '/post-categories/:uuid',
    {
      config: { access: can('UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: postCategoryInputSchema,
        response: { 200: postCategoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      const { uuid } = request.params;
      return { data: await write((tx, emit) => renameCategory(tx, uuid, request.body.name, { actorId, emit })) };
    },
  );

  app.delete(
    '/post-categories/:uuid',
    {
      config: { access: can('DESTROY') },
      schema: {
        tags,
        summary: 'Refused (422) while posts use the category',
        params: uuidParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      await write((tx, emit) => deleteCategory(tx, request.params.uuid, { actorId, emit }));
      return { message: POST_MESSAGES.categoryDeleted };
    },
  );
};
