import { userListQuerySchema, userListResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { listUsers } from './user-list';

/**
 * Logins for the role and group member pickers. The Users admin screen itself lists people through GET contacts,
 * which also covers status, type and roles changes (PUT contacts/{uuid}).
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      config: { access: access.regular('USERS_READ') },
      schema: {
        tags: ['users'],
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listUsers(app.ctx.db, request.query),
  );
};
