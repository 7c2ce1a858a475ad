import { dashboardResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { loadDashboard } from './dashboard.query';

/** The dashboard (/): what needs the signed-in person today, in one call. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { access: access.staff('DASHBOARD_READ') },
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in person's dashboard",
        description:
          'My open tasks due by the end of the week (overdue, today, later this week: count and first rows), my ' +
          "running or paused timer, this week's hours, requests waiting for me and new requests on plans I manage, " +
          'unread mentions and recent changes by others to what I am on. Blocks the caller may not see are null.',
        response: { 200: dashboardResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await loadDashboard(app.ctx.db, requirePrincipal(request), app.ctx.config.agencyTimeZone),
    }),
  );
};
