import {
  apiTokenCreatedResponseSchema,
  apiTokenInputSchema,
  apiTokenListResponseSchema,
  MESSAGES,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token-service';

const tags = ['api-tokens'];

/**
 * One's own personal API tokens (the profile's "API tokens" section). Listing and revoking stay open to a person
 * who lost the permission to create, so they can still clean up. A token never manages tokens (sessionOnly).
 */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-tokens',
    {
      config: { access: access.sessionOnly(access.staff()) },
      schema: { tags, response: { 200: apiTokenListResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await listApiTokens(app.ctx, requirePrincipal(request).userId) }),
  );

  app.post(
    '/api-tokens',
    {
      config: { access: access.sessionOnly(access.staff('API_TOKENS_CREATE')) },
      schema: {
        tags,
        summary: 'Create a personal API token: the token is in this answer only',
        body: apiTokenInputSchema,
        response: { 200: apiTokenCreatedResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await createApiToken(app.ctx, requirePrincipal(request).userId, request.body) }),
  );

  app.delete(
    '/api-tokens/:uuid',
    {
      config: { access: access.sessionOnly(access.staff()) },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await revokeApiToken(app.ctx, requirePrincipal(request).userId, request.params.uuid);
      return { message: MESSAGES.apiTokenRevoked };
    },
  );
};
