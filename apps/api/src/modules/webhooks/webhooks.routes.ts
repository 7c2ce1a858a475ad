import {
  MESSAGES,
  messageBodySchema,
  uuidParam,
  webhookAttemptListQuerySchema,
  webhookAttemptListResponseSchema,
  webhookInputSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookUpdateSchema,
  webhookWithSecretResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listAttempts,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  updateWebhook,
} from './webhook-commands';
import { enqueue } from './webhook-delivery';

const tags = ['webhooks'];

/**
 * Webhooks (issue 23): an admin setting. WEBHOOKS_MANAGE, staff only, and never with a personal API token: a token
 * that could point webhooks elsewhere or read a new secret would outlive the session rules that guard settings.
 */
const manage = access.sessionOnly(access.regular('WEBHOOKS_MANAGE'));

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The audit trail records who changed which webhook, named by its host only: a receiver's path or query may
  // itself be a secret (chat-tool hook URLs), and the signing secret never leaves the create and rotate answers.
  const announce = (principal: Principal, action: string, url: string) =>
    app.ctx.events.publish([
      {
        model: 'session',
        action,
        id: principal.uuid,
        actorId: principal.userId,
        userIds: [],
        payload: { name: `Webhook to ${new URL(url).host}` },
      },
    ]);

  app.get(
    '/webhooks',
    { config: { access: manage }, schema: { tags, response: { 200: webhookListResponseSchema, ...errorResponses } } },
    async () => ({ data: await listWebhooks(app.ctx) }),
  );

  app.post(
    '/webhooks',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Subscribe a URL to events: the signing secret is in this answer only',
        body: webhookInputSchema,
        response: { 200: webhookWithSecretResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await createWebhook(app.ctx, principal.userId, request.body);
      announce(principal, 'webhook_created', data.url);
      return { data };
    },
  );

  app.get(
    '/webhooks/:uuid',
    {
      config: { access: manage },
      schema: { tags, params: uuidParam, response: { 200: webhookResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await getWebhook(app.ctx, request.params.uuid) }),
  );

  app.put(
    '/webhooks/:uuid',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Change the URL or events (the caller becomes the owner), or pause / resume with `active`',
        params: uuidParam,
        body: webhookUpdateSchema,
        response: { 200: webhookResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await updateWebhook(app.ctx, principal.userId, request.params.uuid, request.body);
      announce(principal, 'webhook_updated', data.url);
      return { data };
    },
  );

  app.delete(
    '/webhooks/:uuid',
    {
      config: { access: manage },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const gone = await deleteWebhook(app.ctx, request.params.uuid);
      announce(principal, 'webhook_deleted', gone.url);
      return { message: MESSAGES.webhookDeleted };
    },
  );

  app.post(
    '/webhooks/:uuid/rotate-secret',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'A new signing secret, in this answer only; the old one stops at once',
        params: uuidParam,
        response: { 200: webhookWithSecretResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await rotateWebhookSecret(app.ctx, request.params.uuid);
      announce(principal, 'webhook_secret_rotated', data.url);
      return { data };
    },
  );

  app.get(
    '/webhooks/:uuid/deliveries',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'The deliveries log: one row per attempt, newest first',
        params: uuidParam,
        querystring: webhookAttemptListQuerySchema,
        response: { 200: webhookAttemptListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listAttempts(app.ctx, request.params.uuid, request.query),
  );

  app.post(
    '/webhook-deliveries/:uuid/redeliver',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Send a delivery again now (as the object is now), with a new day of retries',
        params: uuidParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = await redeliver(app.ctx, request.params.uuid);
      await enqueue(id, 0, request.log);
      return { message: MESSAGES.webhookRedelivered };
    },
  );
};
