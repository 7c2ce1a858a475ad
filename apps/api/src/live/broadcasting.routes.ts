import { createHmac, timingSafeEqual } from 'node:crypto';
import { broadcastingAuthResponseSchema, broadcastingAuthSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../http/access';
import { forbidden } from '../http/errors';
import { errorResponses } from '../http/responses';
import { mayJoin, parseChannel } from './channels';

/** The authorisation of one socket for one channel, keyed by the caller's session (any instance can check it). */
export function channelSignature(tokenHash: string, socketId: string, channelName: string): string {
  return createHmac('sha256', tokenHash).update(`${socketId}:${channelName}`).digest('hex');
}

export function isChannelSignature(tokenHash: string, socketId: string, channelName: string, auth: string) {
  const expected = Buffer.from(channelSignature(tokenHash, socketId, channelName));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** POST broadcasting/auth (doc 1 §7): 200 with an authorisation when the caller may join, 403 otherwise. */
export const broadcastingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/broadcasting/auth',
    {
      config: { access: access.anyUser() },
      schema: {
        tags: ['live'],
        body: broadcastingAuthSchema,
        response: { 200: broadcastingAuthResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const channel = parseChannel(request.body.channel_name);
      if (!channel || !(await mayJoin(app.ctx.db, principal, channel))) {
        throw forbidden();
      }
      return { auth: channelSignature(principal.tokenHash, request.body.socket_id, request.body.channel_name) };
    },
  );
};
