import {
  deviceSessionListResponseSchema,
  MESSAGES,
  messageBodySchema,
  sessionsEndedResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { endDeviceSession, endOtherDeviceSessions, endPersonSessions, listDeviceSessions } from './device-sessions';

const tags = ['sessions'];
/**
 * One's own sessions: every account, also while it must enrol a second factor (a stolen session is ended before
 * anything else). Sessions are sign-in settings, so a personal API token is refused (sessionOnly).
 */
const own = () => access.sessionOnly(access.anyUser({ duringEnrolment: true }));

/** The profile's Sessions section (issue 23) and an admin's "Sign out everywhere" on a person. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sessions',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Every signed-in device of the caller: browser, OS, IP, first and last use',
        response: { 200: deviceSessionListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await listDeviceSessions(app.ctx, requirePrincipal(request)) }),
  );

  app.delete(
    '/sessions/:uuid',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'End one of the caller’s other sessions (that device is signed out at once)',
        params: uuidParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await endDeviceSession(app.ctx, requirePrincipal(request), request.params.uuid);
      return { message: MESSAGES.sessionEnded };
    },
  );

  app.delete(
    '/sessions',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'End every session of the caller but this one',
        response: { 200: sessionsEndedResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: MESSAGES.otherSessionsEnded,
      ended: await endOtherDeviceSessions(app.ctx, requirePrincipal(request)),
    }),
  );

  app.delete(
    '/users/:uuid/sessions',
    {
      config: { access: access.sessionOnly(access.regular('USERS_UPDATE')) },
      schema: {
        tags,
        summary: 'End every session of a person (they are signed out everywhere; their API tokens stay)',
        params: uuidParam,
        response: { 200: sessionsEndedResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: MESSAGES.personSessionsEnded,
      ended: await endPersonSessions(app.ctx, requirePrincipal(request), request.params.uuid),
    }),
  );
};
