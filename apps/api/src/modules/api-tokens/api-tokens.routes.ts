import {
  apiTokenCreatedResponseSchema,
  apiTokenInputSchema,
  apiTokenListResponseSchema,
  MESSAGES,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token-service';

const tags = ['api-tokens'];

/**
 * One's own personal API tokens (the profile's "API tokens" section). Listing and revoking stay open to a person
 * who lost the permission to create, so they can still clean up. A token never manages tokens (sessionOnly).
 */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  // The audit trail records who made or revoked which token (by name; never the token), as a sign-in matter.
  const announce = (principal: Principal, action: string, name: string) =>
    app.ctx.events.publish([
      { model: 'session', action, id: principal.uuid, actorId: principal.userId, userIds: [], payload: { name } },
    ]);

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
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await createApiToken(app.ctx, principal.userId, request.body);
      announce(principal, 'api_token_created', data.name);
      return { data };
    },
  );

  app.delete(
    '/api-tokens/:uuid',
    {
      config: { access: access.sessionOnly(access.staff()) },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const name = await revokeApiToken(app.ctx, principal.userId, request.params.uuid);
      announce(principal, 'api_token_revoked', name);
      return { message: MESSAGES.apiTokenRevoked };
    },
  );
};
