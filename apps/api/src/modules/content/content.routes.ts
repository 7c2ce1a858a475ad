import {
  bulkUpdateResponseSchema,
  contentApprovalCreatedSchema,
  contentApprovalCreateSchema,
  contentApprovalListQuerySchema,
  contentApprovalListResponseSchema,
  contentBulkSchema,
  contentExportQuerySchema,
  contentItemCreateSchema,
  contentItemListQuerySchema,
  contentItemListResponseSchema,
  contentItemResponseSchema,
  contentItemUpdateSchema,
  contentPlanListResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { sendExport } from '../tables/export-stream';
import { createApproval, listApprovals, revokeApproval } from './approvals';
import { listContentPlans } from './content-access';
import { bulkContentStatus, createContentItem, deleteContentItem, updateContentItem } from './content-commands';
import { contentExport, listContentItems, loadContentItem } from './content-queries';

const tags = ['content'];

/**
 * Content plans (issue 22, /content) on the post permission family of doc 1 §6: the spec's only "post" store is the
 * agency's published content, and content items are the posts before they are published. POSTS_READ reads,
 * _CREATE plans items and sends them for approval, _UPDATE edits and moves them, _DESTROY deletes and revokes
 * links. Staff and freelancers (whose role holds the permission) — freelancers only on their plans; contacts 403.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const timeZone = ctx.config.agencyTimeZone;
  const viewerOf = (request: Parameters<typeof requirePrincipal>[0]) => {
    const principal = requirePrincipal(request);
    return { userId: principal.userId, type: principal.type };
  };

  app.get(
    '/content-items',
    {
      config: { access: access.staff('POSTS_READ') },
      schema: {
        tags,
        querystring: contentItemListQuerySchema,
        response: { 200: contentItemListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listContentItems(ctx.db, request.query, viewerOf(request), timeZone),
  );

  // The screen's plan picker, for freelancers too (GET projects is a regular user's list): the same plans as the items.
  app.get(
    '/content-plans',
    {
      config: { access: access.staff('POSTS_READ') },
      schema: {
        tags,
        summary: 'Plans whose content the caller sees',
        description:
          "Staff: every plan but other people's personal plans; freelancers: the plans they manage or are on.",
        response: { 200: contentPlanListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await listContentPlans(ctx.db, viewerOf(request)) }),
  );

  app.get(
    '/content-items/export-all',
    {
      config: { access: access.staff('POSTS_READ') },
      schema: { tags, querystring: contentExportQuerySchema, response: errorResponses },
    },
    async (request, reply) =>
      sendExport(ctx.db, reply, request.log, contentExport(request.query, viewerOf(request), timeZone), timeZone),
  );

  app.post(
    '/content-items',
    {
      config: { access: access.staff('POSTS_CREATE') },
      schema: { tags, body: contentItemCreateSchema, response: { 200: contentItemResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const uuid = await createContentItem(ctx, request.body, viewer);
      return { data: await loadContentItem(ctx.db, uuid, viewer) };
    },
  );

  app.post(
    '/content-items/bulk-operations',
    {
      config: { access: access.staff('POSTS_UPDATE') },
      schema: { tags, body: contentBulkSchema, response: { 200: bulkUpdateResponseSchema, ...errorResponses } },
    },
    async (request) => bulkContentStatus(ctx, request.body, viewerOf(request)),
  );

  app.get(
    '/content-items/:uuid',
    {
      config: { access: access.staff('POSTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: contentItemResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await loadContentItem(ctx.db, request.params.uuid, viewerOf(request)) }),
  );

  app.put(
    '/content-items/:uuid',
    {
      config: { access: access.staff('POSTS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: contentItemUpdateSchema,
        response: { 200: contentItemResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      await updateContentItem(ctx, request.params.uuid, request.body, viewer);
      return { data: await loadContentItem(ctx.db, request.params.uuid, viewer) };
    },
  );

  app.delete(
    '/content-items/:uuid',
    {
      config: { access: access.staff('POSTS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: z.object({ message: z.string() }), ...errorResponses } },
    },
    async (request) => {
      await deleteContentItem(ctx, request.params.uuid, viewerOf(request));
      return { message: 'Deleted' };
    },
  );

  app.post(
    '/content-approvals',
    {
      config: { access: access.staff('POSTS_CREATE') },
      schema: {
        tags,
        body: contentApprovalCreateSchema,
        response: { 200: contentApprovalCreatedSchema, ...errorResponses },
      },
    },
    async (request) => createApproval(ctx, request.body, viewerOf(request)),
  );

  app.get(
    '/content-approvals',
    {
      config: { access: access.staff('POSTS_READ') },
      schema: {
        tags,
        querystring: contentApprovalListQuerySchema,
        response: { 200: contentApprovalListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listApprovals(ctx.db, request.query.project_uuid, viewerOf(request)),
  );

  app.delete(
    '/content-approvals/:uuid',
    {
      config: { access: access.staff('POSTS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: z.object({ message: z.string() }), ...errorResponses } },
    },
    async (request) => {
      await revokeApproval(ctx.db, request.params.uuid, viewerOf(request));
      return { message: 'Revoked' };
    },
  );
};
