import { personCardResponseSchema, uuidParam } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { getPersonCard } from './person-card.query';

/**
 * The user popover (doc 2 §2). Staff and freelancers meet people by name on tasks, comments, requests and the
 * dashboard, so any of them may open a card; which details it carries is decided per caller (person-card.query.ts).
 * Client contacts are kept out of the app by the access class, as everywhere.
 */
export const personCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:uuid/card',
    {
      config: { access: access.staff() },
      schema: { tags: ['users'], params: uuidParam, response: { 200: personCardResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await getPersonCard(app.ctx.db, requirePrincipal(request), request.params.uuid),
    }),
  );
};
