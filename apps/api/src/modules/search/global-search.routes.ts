import { globalSearchQuerySchema, globalSearchResponseSchema } from '@portal/domain';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contacts } from '../../db/schema';
import { access, requirePrincipal } from '../../http/access';
import { containsPattern } from '../../http/list-paging';
import { errorResponses } from '../../http/responses';

const LIMIT_PER_GROUP = 8;

export const globalSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/global-search',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['search'],
        querystring: globalSearchQuerySchema,
        response: { 200: globalSearchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const pattern = containsPattern(request.query.search_term);
      // Each group is searched only when the caller may read that kind of record.
      const people = principal.permissions.has('CONTACTS_READ')
        ? await app.ctx.db
            .select({ uuid: contacts.uuid, name: contacts.name, email: contacts.email, type: contacts.type })
            .from(contacts)
            .where(
              and(
                eq(contacts.status, 'active'),
                or(ilike(contacts.name, pattern), ilike(contacts.email, pattern), ilike(contacts.jobTitle, pattern)),
              ),
            )
            .orderBy(asc(contacts.name))
            .limit(LIMIT_PER_GROUP)
        : [];
      return {
        data: {
          projects: [],
          tasks: [],
          people: people as { uuid: string; name: string; email: string | null; type: 'regular_user' }[],
          cms: [],
          forms: [],
          clients: [],
          requests: [],
        },
      };
    },
  );
};
