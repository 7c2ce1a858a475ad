import { calendarEventsQuerySchema, calendarEventsResponseSchema, calendarFeedResponseSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { listCalendarEvents } from './calendar-events.query';
import { currentFeed, renderFeed, rotateFeed } from './calendar-feed';

const tags = ['calendar'];
/** `<token>.ics`: the token is 256 random bits in base64url (auth/tokens.ts). */
const feedParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,100}\.ics$/) });

/**
 * The calendar (issue 21): the events of a range, the caller's private ICS feed address and its rotation, and the
 * public feed itself. Moving an event is the tasks' and requests' own PUT (the drawer's rules), not a route here.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/calendar/events',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        querystring: calendarEventsQuerySchema,
        response: { 200: calendarEventsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { data: await listCalendarEvents(ctx.db, request.query, principal, ctx.config.agencyTimeZone) };
    },
  );

  app.get(
    '/calendar/feed',
    {
      config: { access: access.staff() },
      schema: { tags, response: { 200: calendarFeedResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await currentFeed(ctx, requirePrincipal(request).userId) };
    },
  );

  app.post(
    '/calendar/feed/rotate',
    {
      config: { access: access.staff() },
      schema: { tags, response: { 200: calendarFeedResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await rotateFeed(ctx, requirePrincipal(request).userId) };
    },
  );

  app.get(
    '/public/calendar/:file',
    {
      config: { access: access.public() },
      schema: { tags, params: feedParams, response: { 200: z.string(), ...errorResponses } },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const body = await renderFeed(ctx, token, request.ip);
      reply.header('cache-control', 'private, no-store');
      reply.type('text/calendar; charset=utf-8');
      return body;
    },
  );
};
