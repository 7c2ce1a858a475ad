import {
  AD_MESSAGES,
  adAnalyticsExportQuerySchema,
  adAnalyticsQuerySchema,
  adAnalyticsResponseSchema,
  adMappingResponseSchema,
  adMappingSchema,
  campaignImportReportSchema,
  campaignImportSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignResponseSchema,
  campaignUpdateSchema,
  customerUuidParam,
  messageBodySchema,
  metaConnectionListResponseSchema,
  metaConnectionSchema,
  metaSyncResultSchema,
  metaSyncSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { sendExport } from '../tables/export-stream';
import { adAnalytics, adAnalyticsExport } from './ad-analytics';
import { importMetrics } from './ad-import';
import { connectMeta, customerIdOf, readMapping, writeMapping } from './ad-settings';
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
  type Viewer,
} from './campaign-commands';
import { disconnectMeta, listMetaConnections, syncMetaAccount } from './meta-connections';
import { syncMetaInsights } from './meta-insights';

const tags = ['advertising'];

/**
 * Ad campaigns and analytics (issue 22). The spec's product family gates the desk (PRODUCTS_*, see
 * docs/ARCHITECTURE.md "Advertising and analytics"). Campaigns and the analytics read are open to freelancers
 * holding the permission, narrowed to the campaigns of their plans; the import, mappings and the Meta connection
 * are the agency's (regular staff).
 */
const viewerOf = (principal: Principal): Viewer => ({
  userId: principal.userId,
  freelancer: principal.type === 'freelancer',
});

export const advertisingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const timeZone = ctx.config.agencyTimeZone;

  app.get(
    '/campaigns',
    {
      config: { access: access.staff('PRODUCTS_READ') },
      schema: {
        tags,
        querystring: campaignListQuerySchema,
        response: { 200: campaignListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listCampaigns(ctx, viewerOf(requirePrincipal(request)), request.query),
  );

  app.post(
    '/campaigns',
    {
      config: { access: access.staff('PRODUCTS_CREATE') },
      schema: { tags, body: campaignInputSchema, response: { 200: campaignResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await createCampaign(ctx, viewerOf(requirePrincipal(request)), request.body) }),
  );

  app.post(
    '/campaigns/import',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: {
        tags,
        description:
          'Imports daily figures from an uploaded CSV (Meta Ads Manager or Google Ads export, or the layout mapped ' +
          'for this client). Upserts per campaign and day; bad lines are reported and the others land. A 422 with ' +
          'code unknown_headers lists the columns in errors.headers for the mapping step.',
        body: campaignImportSchema,
        response: { 200: campaignImportReportSchema, ...errorResponses },
      },
    },
    async (request) => importMetrics(ctx, requirePrincipal(request).userId, request.body),
  );

  app.post(
    '/campaigns/meta-sync',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: {
        tags,
        summary: "Pull the client's daily campaign figures from Meta's insights API",
        body: metaSyncSchema,
        response: {
          200: z.object({ imported: z.number().int(), created_campaigns: z.array(z.string()) }),
          ...errorResponses,
        },
      },
    },
    async (request) => syncMetaInsights(ctx, await customerIdOf(ctx.db, request.body.customer_uuid), request.body),
  );

  app.get(
    '/campaigns/:uuid',
    {
      config: { access: access.staff('PRODUCTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: campaignResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await getCampaign(ctx, viewerOf(requirePrincipal(request)), request.params.uuid),
    }),
  );

  app.put(
    '/campaigns/:uuid',
    {
      config: { access: access.staff('PRODUCTS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: campaignUpdateSchema,
        response: { 200: campaignResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateCampaign(ctx, viewerOf(requirePrincipal(request)), request.params.uuid, request.body),
    }),
  );

  app.delete(
    '/campaigns/:uuid',
    {
      config: { access: access.staff('PRODUCTS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteCampaign(ctx, viewerOf(requirePrincipal(request)), request.params.uuid);
      return { message: AD_MESSAGES.campaignDeleted };
    },
  );

  app.get(
    '/ad-import-mappings/:customer_uuid',
    {
      config: { access: access.regular('PRODUCTS_READ') },
      schema: { tags, params: customerUuidParam, response: { 200: adMappingResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const columns = await readMapping(ctx.db, await customerIdOf(ctx.db, request.params.customer_uuid));
      return { data: columns ? { columns } : null };
    },
  );

  app.put(
    '/ad-import-mappings/:customer_uuid',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: {
        tags,
        summary: "Remember this client's CSV column mapping (figure → column name) for later imports",
        params: customerUuidParam,
        body: adMappingSchema,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await writeMapping(ctx.db, await customerIdOf(ctx.db, request.params.customer_uuid), request.body);
      return { message: AD_MESSAGES.mappingSaved };
    },
  );

  app.put(
    '/ad-meta-connections/:customer_uuid',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: {
        tags,
        summary: "Store the client's Meta ad account and access token (sealed; never answered back)",
        params: customerUuidParam,
        body: metaConnectionSchema,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await connectMeta(ctx, await customerIdOf(ctx.db, request.params.customer_uuid), request.body);
      return { message: AD_MESSAGES.metaConnected };
    },
  );

  app.get(
    '/ad-meta-connections',
    {
      config: { access: access.regular('PRODUCTS_READ') },
      schema: {
        tags,
        summary: 'The clients with a connected Meta ad account, and how their last sync went (never the token)',
        response: { 200: metaConnectionListResponseSchema, ...errorResponses },
      },
    },
    async () => ({ data: await listMetaConnections(ctx.db) }),
  );

  app.delete(
    '/ad-meta-connections/:customer_uuid',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: { tags, params: customerUuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await disconnectMeta(ctx.db, await customerIdOf(ctx.db, request.params.customer_uuid));
      return { message: AD_MESSAGES.metaDisconnected };
    },
  );

  app.post(
    '/ad-meta-connections/:customer_uuid/sync',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: {
        tags,
        summary: 'Sync now: the days since the last sync (7 days overlap; 90 days at first), outcome recorded',
        params: customerUuidParam,
        response: { 200: metaSyncResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const result = await syncMetaAccount(ctx, await customerIdOf(ctx.db, request.params.customer_uuid));
      return { message: AD_MESSAGES.metaSynced(result.imported), ...result };
    },
  );

  app.get(
    '/ad-analytics',
    {
      config: { access: access.staff('PRODUCTS_READ') },
      schema: {
        tags,
        description:
          'Campaign figures over a date range, grouped by campaign (sorted by campaign name) or platform, with ' +
          'totals, derived CTR/CPC/CPM/CPA/ROAS (null when the denominator is 0) and a per-day series. Money in cents.',
        querystring: adAnalyticsQuerySchema,
        response: { 200: adAnalyticsResponseSchema, ...errorResponses },
      },
    },
    async (request) => adAnalytics(ctx.db, viewerOf(requirePrincipal(request)), request.query),
  );

  app.get(
    '/ad-analytics/export',
    {
      config: { access: access.staff('PRODUCTS_READ') },
      schema: {
        tags,
        description: 'The grouped ad-analytics table as CSV (; and a BOM) or XLSX, money in dollars.',
        querystring: adAnalyticsExportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendExport(
        ctx.db,
        reply,
        request.log,
        await adAnalyticsExport(ctx.db, viewerOf(requirePrincipal(request)), request.query),
        timeZone,
      ),
  );
};
