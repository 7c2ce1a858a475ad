import {
  BILLING_MESSAGES,
  clientStandingQuerySchema,
  clientStandingResponseSchema,
  failedPaymentListQuerySchema,
  failedPaymentListResponseSchema,
  overdueInvoiceListQuerySchema,
  overdueInvoiceListResponseSchema,
  stripeSettingsInputSchema,
  stripeSettingsResponseSchema,
  stripeSyncResponseSchema,
  stripeTestResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { AppError } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import { loadSettingsRow, openApiKey, presentSettings, saveSettings } from './billing-settings';
import { listFailedPayments, listOverdueInvoices } from './overdue';
import { clientStanding } from './request-guard';
import { syncOpenInvoices, testConnection } from './stripe-sync';
import { stripeSyncQueue } from './stripe-sync-queue';

const tags = ['billing'];

/**
 * Reading of doc 1 §6: connecting the payment provider is the integration family (INTEGRATIONS_READ to see its state,
 * INTEGRATIONS_UPDATE to change, test or sync it), staff only and never with a personal API token (a token that
 * could swap the key would outlive the session rules); the money lists are the charge family (CHARGES_READ), as
 * orders are.
 */
const readSettings = access.sessionOnly(access.regular('INTEGRATIONS_READ'));
const manageSettings = access.sessionOnly(access.regular('INTEGRATIONS_UPDATE'));
const readCharges = access.regular('CHARGES_READ');

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const notConnected = () =>
    new AppError(422, BILLING_MESSAGES.notConnected, {
      code: 'validation_failed',
      errors: { api_key: [BILLING_MESSAGES.notConnected] },
    });
  // The audit trail says who changed the provider's settings and which ones, never a value.
  const announce = (principal: Principal, action: string, fields: string[]) =>
    app.ctx.events.publish([
      {
        model: 'session',
        action,
        id: principal.uuid,
        actorId: principal.userId,
        userIds: [],
        payload: { name: `Stripe settings: ${fields.join(', ') || 'none'}` },
      },
    ]);

  app.get(
    '/billing/stripe',
    {
      config: { access: readSettings },
      schema: { tags, response: { 200: stripeSettingsResponseSchema, ...errorResponses } },
    },
    async () => ({ data: presentSettings(await loadSettingsRow(app.ctx.db)) }),
  );

  app.put(
    '/billing/stripe',
    {
      config: { access: manageSettings },
      schema: {
        tags,
        summary: 'Set or clear the Stripe API key and webhook secret (never answered back), and the overdue policy',
        body: stripeSettingsInputSchema,
        response: { 200: stripeSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const data = await saveSettings(app.ctx, request.body);
      announce(requirePrincipal(request), 'stripe_settings_updated', Object.keys(request.body));
      return { data };
    },
  );

  app.post(
    '/billing/stripe/test',
    {
      config: { access: manageSettings },
      schema: {
        tags,
        summary: 'Reads the balance with the stored key',
        response: { 200: stripeTestResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      let data: Awaited<ReturnType<typeof testConnection>>;
      try {
        data = await testConnection(app.ctx);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe test failed');
        throw new AppError(422, BILLING_MESSAGES.testFailed, { code: 'provider_refused' });
      }
      if (!data) {
        throw notConnected();
      }
      return { data };
    },
  );

  app.post(
    '/billing/stripe/sync',
    {
      config: { access: manageSettings },
      schema: {
        tags,
        summary: 'Starts the open-invoice sync',
        response: { 200: stripeSyncResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!(await openApiKey(app.ctx))) {
        throw notConnected();
      }
      const queue = stripeSyncQueue();
      if (queue) {
        await queue();
      } else {
        // Without the job runner (tests, one-off scripts) the sync runs in the request.
        await syncOpenInvoices(app.ctx, request.log);
      }
      return { data: { message: BILLING_MESSAGES.syncStarted } };
    },
  );

  app.get(
    '/overdue-invoices',
    {
      config: { access: readCharges },
      schema: {
        tags,
        summary: "The spec's overdue payment invoices: the most overdue first, filter by client",
        querystring: overdueInvoiceListQuerySchema,
        response: { 200: overdueInvoiceListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listOverdueInvoices(app.ctx.db, request.query, app.ctx.config.agencyTimeZone),
  );

  app.get(
    '/failed-payments',
    {
      config: { access: readCharges },
      schema: {
        tags,
        querystring: failedPaymentListQuerySchema,
        response: { 200: failedPaymentListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listFailedPayments(app.ctx.db, request.query),
  );

  app.get(
    '/billing/client-standing',
    {
      config: { access: access.regular('REQUEST_CREATE') },
      schema: {
        tags,
        summary: "Whether a new request on this plan is warned or refused for its client's overdue invoices",
        querystring: clientStandingQuerySchema,
        response: { 200: clientStandingResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await clientStanding(app.ctx, request.query.project_id) }),
  );
};
