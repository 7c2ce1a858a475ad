import { assigneeListQuerySchema, assigneeListResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { listAssignees } from './assignees';

/** GET assignees (doc 2 §7): the Assignees filter's choices, for whoever may read tasks (freelancers included). */
export const assigneeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/assignees',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: {
        tags: ['tasks'],
        querystring: assigneeListQuerySchema,
        response: { 200: assigneeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return listAssignees(app.ctx.db, request.query, { userId: principal.userId, type: principal.type });
    },
  );
};
