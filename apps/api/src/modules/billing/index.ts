import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRoutes as routes } from './billing.routes';
import { registerOverdueRequestGuard } from './request-guard';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/**
 * The card payment provider (Stripe, issue 21 part C): its settings, the signed webhook intake, the invoice sync,
 * the overdue and failed-payment lists, the overdue notices and the overdue rule on new requests. Its surface is
 * this plugin, the job scheduler and the seed's record path.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const unregister = registerOverdueRequestGuard(app.ctx);
  app.addHook('onClose', async () => unregister());
  await app.register(routes);
  await app.register(stripeWebhookRoutes);
};

export { scheduleBillingJobs } from './billing-jobs';
export { saveSettings as saveStripeSettings } from './billing-settings';
export { processStripeEvents, recordStripeEvent } from './stripe-events';
