import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleRoutes as routes } from './google.routes';
import { subscribeGoogleSync } from './google-listener';

/**
 * Google Calendar (issue 21): each person's OAuth connection and the sync of their tasks to the calendar they
 * chose, by jobs queued after task writes commit. Its surface is this plugin and the job scheduler.
 */
export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = subscribeGoogleSync(app.ctx, app.log);
  app.addHook('onClose', async () => unsubscribe());
  await app.register(routes);
};

export { runGoogleSync, scheduleGoogleJobs } from './google-jobs';
