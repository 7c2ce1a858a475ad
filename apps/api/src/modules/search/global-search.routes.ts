import { globalSearchQuerySchema, globalSearchResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { emptyGroups, searchEverything } from './global-search.query';
import { parseSearchTerm } from './search-terms';

export const globalSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/global-search',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['search'],
        summary: 'Best matches per group (plans, tasks, people, cms, forms, clients, requests) the caller may see',
        querystring: globalSearchQuerySchema,
        response: { 200: globalSearchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const terms = parseSearchTerm(request.query.search_term);
      // Nothing searchable (only punctuation, wildcards, quotes…): no matches rather than an error.
      return { data: terms ? await searchEverything(app.ctx.db, principal, terms) : emptyGroups() };
    },
  );
};
