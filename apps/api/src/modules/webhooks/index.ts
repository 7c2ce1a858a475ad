import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribeWebhookDeliveries } from './webhook-delivery';
import { webhookRoutes as routes } from './webhooks.routes';

/**
 * Webhooks (issue 23): subscriptions, their deliveries log, and the listener that turns committed writes into
 * signed deliveries. Its surface is this plugin, the job scheduler and the seed's record function.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = subscribeWebhookDeliveries(app.ctx, app.log);
  app.addHook('onClose', async () => unsubscribe());
  await app.register(routes);
};

export { createWebhook, updateWebhook } from './webhook-commands';
export { recordAttempt, recordDeliveries, runDueDeliveries } from './webhook-delivery';
export { scheduleWebhookJobs } from './webhook-jobs';
