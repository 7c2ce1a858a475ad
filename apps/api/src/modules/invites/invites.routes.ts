import {
  inviteCreateSchema,
  inviteListQuerySchema,
  inviteListResponseSchema,
  invitePreviewSchema,
  inviteResponseSchema,
  inviteTokenSchema,
  inviteUpdateSchema,
  MESSAGES,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { acceptInviteAsUser, cancelInvite, createInvite, previewInvite, resendInvite } from './invite-commands';
import { listInvites } from './invite-queries';

const tags = ['invites'];

/**
 * Customer invites (doc 1 §4, §7): staff invite a person to a client; the e-mailed link lets them register (POST
 * register with invite_token) or, with an existing account, sign in and accept.
 */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer-invite',
    {
      config: { access: access.regular('CUSTOMERS_READ') },
      schema: {
        tags,
        querystring: inviteListQuerySchema,
        response: { 200: inviteListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listInvites(app.ctx.db, request.query),
  );

  app.post(
    '/customer-invite',
    {
      config: { access: access.regular('CUSTOMERS_UPDATE') },
      schema: { tags, body: inviteCreateSchema, response: { 200: inviteResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await createInvite(app.ctx, requirePrincipal(request), request.body),
      message: MESSAGES.invitationSent,
    }),
  );

  app.post(
    '/customer-invite/:uuid/resend',
    {
      config: { access: access.regular('CUSTOMERS_UPDATE') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await resendInvite(app.ctx, request.params.uuid, requirePrincipal(request).userId);
      return { message: MESSAGES.invitationSent };
    },
  );

  app.put(
    '/customer-invite/:uuid',
    {
      config: { access: access.regular('CUSTOMERS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: inviteUpdateSchema,
        response: { 200: inviteResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await cancelInvite(app.ctx, request.params.uuid) }),
  );

  app.get(
    '/customer-invite/preview',
    {
      // The link's token is the credential: 256 random bits, only its SHA-256 stored.
      config: { access: access.public() },
      schema: { tags, querystring: inviteTokenSchema, response: { 200: invitePreviewSchema, ...errorResponses } },
    },
    async (request) => ({ data: await previewInvite(app.ctx, request.query.token) }),
  );

  app.post(
    '/customer-invite/accept',
    {
      config: { access: access.anyUser() },
      schema: { tags, body: inviteTokenSchema, response: { 200: invitePreviewSchema, ...errorResponses } },
    },
    async (request) => ({ data: await acceptInviteAsUser(app.ctx, requirePrincipal(request), request.body.token) }),
  );
};
