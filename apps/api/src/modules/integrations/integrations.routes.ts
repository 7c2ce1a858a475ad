import { integrationKindParam, integrationListResponseSchema, integrationTestResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { environmentStates, testIntegration } from './environment';

const tags = ['integrations'];

/**
 * The services the environment configures (doc 1 §6, the integration family): reading their state is
 * INTEGRATIONS_READ; a test connects to the service, so it is an administrator's act: INTEGRATIONS_UPDATE, staff
 * only, never with a personal API token.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/integrations',
    {
      config: { access: access.regular('INTEGRATIONS_READ') },
      schema: { tags, response: { 200: integrationListResponseSchema, ...errorResponses } },
    },
    async () => ({ data: environmentStates(app.ctx.config) }),
  );

  app.post(
    '/integrations/:kind/test',
    {
      config: { access: access.sessionOnly(access.regular('INTEGRATIONS_UPDATE')) },
      schema: {
        tags,
        summary: 'Checks a configured service for real: SMTP verify, S3 head bucket, Redis PING',
        params: integrationKindParam,
        response: { 200: integrationTestResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await testIntegration(app.ctx.config, request.params.kind) }),
  );
};
