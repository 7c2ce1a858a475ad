import { BILLING_MESSAGES, stripeWebhookResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { AppError } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import { openWebhookSecret } from './billing-settings';
import { verifiedEvent } from './stripe-client';
import { recordStripeEvent } from './stripe-events';

/**
 * POST webhooks/stripe: public (Stripe signs, no session). The signature covers the exact bytes, so this plugin
 * (and only it: the parser is scoped to this encapsulated plugin) reads JSON bodies as a Buffer. The answer comes
 * after one insert; the work is a job after the commit (stripe-events.ts).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhooks/stripe',
    {
      config: { access: access.public() },
      schema: {
        tags: ['billing'],
        summary: "Stripe's webhook endpoint: signed events, recorded once per event id",
        response: { 200: stripeWebhookResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const secret = await openWebhookSecret(app.ctx);
      if (!secret) {
        throw new AppError(400, BILLING_MESSAGES.webhookNotConfigured, { code: 'not_configured' });
      }
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new AppError(400, BILLING_MESSAGES.badSignature, { code: 'bad_signature' });
      }
      let event: Awaited<ReturnType<typeof verifiedEvent>>;
      try {
        event = await verifiedEvent(request.body, signature, secret);
      } catch {
        throw new AppError(400, BILLING_MESSAGES.badSignature, { code: 'bad_signature' });
      }
      await recordStripeEvent(app.ctx.db, event, request.log);
      return { received: true as const };
    },
  );
};
