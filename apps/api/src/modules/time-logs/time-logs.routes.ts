import {
  MESSAGES,
  messageBodySchema,
  requestTimeLogListQuerySchema,
  taskTimeLogListQuerySchema,
  taskTimeTotalResponseSchema,
  timeLogCreateSchema,
  timeLogListQuerySchema,
  timeLogListResponseSchema,
  timeLogResponseSchema,
  timeLogUpdateSchema,
  uuidParam,
  weeklySummaryResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createTimeLog, deleteTimeLog, updateTimeLog } from './save-time-log';
import { describeTimeLog, timeLogEvents } from './time-log-events';
import {
  getTaskTimeTotal,
  getWeeklySummary,
  listRequestTimeLogs,
  listTaskTimeLogs,
  listTimeLogs,
} from './time-log-list.query';

const tags = ['time-logs'];
const taskUserParams = z.object({ taskUuid: z.uuid(), userUuid: z.uuid() });

/**
 * Time logs and timers (doc 2 §4, §7). The server's clock is the truth for running timers. Freelancers log time
 * and read their own logs, but never edit or delete them (regular-only routes, and the commands check again).
 */
export const timeLogRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Announces a committed log or timer write (live channels and other listeners subscribe to ctx.events). */
  const announce = async (uuid: string, action: 'created' | 'updated', actorId: number, refToken?: string | null) => {
    const log = await describeTimeLog(app.ctx.db, uuid);
    if (log) {
      app.ctx.events.publish(timeLogEvents(log, action, actorId, refToken));
    }
  };

  app.get(
    '/time-log',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        querystring: timeLogListQuerySchema,
        response: { 200: timeLogListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listTimeLogs(app.ctx.db, request.query, requirePrincipal(request)),
  );

  app.get(
    '/time-log/weekly-summary',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: { tags, response: { 200: weeklySummaryResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await getWeeklySummary(app.ctx.db, requirePrincipal(request).userId, app.ctx.config.agencyTimeZone),
    }),
  );

  app.post(
    '/time-log',
    {
      config: { access: access.staff('TIMELOG_CREATE') },
      schema: { tags, body: timeLogCreateSchema, response: { 200: timeLogResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const data = await createTimeLog(
        app.ctx.db,
        request.body,
        requirePrincipal(request),
        app.ctx.config.agencyTimeZone,
      );
      await announce(data.uuid, 'created', requirePrincipal(request).userId, request.body.ref_token);
      return { data };
    },
  );

  app.put(
    '/time-log/:uuid',
    {
      // Staff edit logs with TIMELOG_UPDATE; anyone who logs time also runs their own timer (mayRunOwnTimer).
      config: { access: access.staff() },
      schema: {
        tags,
        params: uuidParam,
        body: timeLogUpdateSchema,
        response: { 200: timeLogResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const data = await updateTimeLog(
        app.ctx.db,
        request.params.uuid,
        request.body,
        requirePrincipal(request),
        app.ctx.config.agencyTimeZone,
      );
      await announce(request.params.uuid, 'updated', requirePrincipal(request).userId, request.body.ref_token);
      return { data };
    },
  );

  app.delete(
    '/time-log/:uuid',
    {
      config: { access: access.regular('TIMELOG_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const log = await describeTimeLog(app.ctx.db, request.params.uuid);
      await deleteTimeLog(app.ctx.db, request.params.uuid, requirePrincipal(request));
      if (log) {
        app.ctx.events.publish(timeLogEvents(log, 'deleted', requirePrincipal(request).userId, null));
      }
      return { message: MESSAGES.deleted };
    },
  );

  app.get(
    '/tasks/:uuid/time-logs',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        params: uuidParam,
        querystring: taskTimeLogListQuerySchema,
        response: { 200: timeLogListResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      listTaskTimeLogs(
        app.ctx.db,
        request.params.uuid,
        request.query.page,
        requirePrincipal(request),
        request.query.sort,
      ),
  );

  app.get(
    '/requests/:uuid/time-logs',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        summary: "A request's time logs (its Timelogs tab)",
        params: uuidParam,
        querystring: requestTimeLogListQuerySchema,
        response: { 200: timeLogListResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      listRequestTimeLogs(
        app.ctx.db,
        request.params.uuid,
        request.query.page,
        requirePrincipal(request),
        request.query.sort,
      ),
  );

  app.get(
    '/project-tasks/:taskUuid/time-logs/:userUuid',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: { tags, params: taskUserParams, response: { 200: taskTimeTotalResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      data: await getTaskTimeTotal(
        app.ctx.db,
        request.params.taskUuid,
        request.params.userUuid,
        requirePrincipal(request),
      ),
    }),
  );
};
