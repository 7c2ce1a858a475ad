import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advertisingRoutes as routes } from './advertising.routes';
import { subscribeCampaignFromRequest } from './campaign-from-request';

/**
 * Advertising and ad analytics (issue 22): campaigns, their daily figures (CSV import, Meta insights sync) and the
 * grouped analytics read. Its surface is this plugin and the commands the demo seed uses.
 */
export const advertisingRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = subscribeCampaignFromRequest(app.ctx, app.log);
  app.addHook('onClose', async () => unsubscribe());
  await app.register(routes);
};

export { upsertMetrics } from './ad-metrics-store';
export { createCampaign } from './campaign-commands';
export { scheduleMetaSync } from './meta-sync-job';
