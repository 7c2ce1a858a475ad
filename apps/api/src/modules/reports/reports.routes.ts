import {
  generalReportQuerySchema,
  generalReportResponseSchema,
  projectTimeReportQuerySchema,
  projectTimeReportResponseSchema,
  timeLogReportExportQuerySchema,
  timeLogReportQuerySchema,
  timeLogReportResponseSchema,
  userPerformanceDetailResponseSchema,
  userPerformanceListResponseSchema,
  userPerformanceParamsSchema,
  userPerformanceQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { maySeeMoney } from '../administration';
import { sendExport } from '../tables/export-stream';
import { getGeneralReport } from './general-report.query';
import { getProjectTimeReport } from './project-time-report.query';
import { today } from './report-scope';
import { timeLogReportExport } from './time-log-report.export';
import { getTimeLogReport } from './time-log-report.query';
import { getUserPerformance, listUserPerformance } from './user-performance.service';

const tags = ['reports'];

/**
 * Reports (doc 2 §2, §7): where time went, plans' budgets and people's performance. Time reports need TIMELOG_READ;
 * a freelancer gets their own figures only (naming someone else is 403). The project time report is the agency's
 * budgets: regular users with PROJECTS_READ.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = app.ctx.config.agencyTimeZone;

  app.get(
    '/projects/time-log/general-report',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        description: 'Minutes logged on requests and on tasks (filters[status][], default completed).',
        querystring: generalReportQuerySchema,
        response: { 200: generalReportResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await getGeneralReport(app.ctx.db, request.query, requirePrincipal(request)) }),
  );

  app.get(
    '/reports/time-logs',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        description:
          'The timelog report: a page of logs (newest first; page[size] up to 500) over date_from..date_to (default ' +
          'the last 30 days), meta.window the range used, and `totals` over every matching log, in minutes: ' +
          '`total`, `billable`, `by_user`, `by_project` (most time first, at most 200; `by_project_count`), ' +
          '`by_day` (every day with stacks by user and by the ten biggest plans, the rest under uuid null) and ' +
          '`missed` (people/days below the weekly-hours thresholds). missed_only keeps the logs of those days.',
        querystring: timeLogReportQuerySchema,
        response: { 200: timeLogReportResponseSchema, ...errorResponses },
      },
    },
    async (request) => getTimeLogReport(app.ctx.db, request.query, requirePrincipal(request), timeZone),
  );

  app.get(
    '/reports/time-logs/export-all',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        description:
          "The timelog report's logs as timelog-report-{date}.csv (; and a BOM) or .xlsx: every filter and the sort of GET " +
          'reports/time-logs, page[size] up to 100,000, streamed from a cursor. A freelancer gets their own logs.',
        querystring: timeLogReportExportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendExport(
        app.ctx.db,
        reply,
        request.log,
        timeLogReportExport(request.query, requirePrincipal(request), timeZone),
        timeZone,
      ),
  );

  app.get(
    '/reports/project-time',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: {
        tags,
        description:
          'The project time report: budget figures per plan in minutes (filters[projects.status][] default paused, ' +
          'waiting_to_launch, in_progress, active; advertising), and `totals` summing every matching plan.',
        querystring: projectTimeReportQuerySchema,
        response: { 200: projectTimeReportResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      getProjectTimeReport(app.ctx.db, request.query, today(timeZone), maySeeMoney(requirePrincipal(request))),
  );

  app.get(
    '/reports/user-performance',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        description:
          'Per person over the 30-day window ending date_to: hours logged vs expected, billable share, tasks and ' +
          'requests completed, on-time rate, estimate accuracy; `totals.by_day` is the team series.',
        querystring: userPerformanceQuerySchema,
        response: { 200: userPerformanceListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listUserPerformance(app.ctx.db, request.query, requirePrincipal(request), timeZone),
  );

  app.get(
    '/reports/user-performance/:userUuid',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: {
        tags,
        params: userPerformanceParamsSchema,
        querystring: userPerformanceQuerySchema,
        response: { 200: userPerformanceDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await getUserPerformance(
        app.ctx.db,
        request.params.userUuid,
        request.query,
        requirePrincipal(request),
        timeZone,
      ),
    }),
  );
};
