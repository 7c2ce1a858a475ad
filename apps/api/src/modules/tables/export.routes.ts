import {
  contactExportQuerySchema,
  customerExportQuerySchema,
  planExportQuerySchema,
  requestExportQuerySchema,
  taskExportQuerySchema,
  timeLogExportQuerySchema,
  userExportSchema,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { contactExport } from './contacts.table';
import { customerExport } from './customers.table';
import { type ExportSpec, sendExport } from './export-stream';
import { planExport } from './plans.table';
import { requestExport } from './requests.table';
import { taskExport } from './tasks.table';
import { timeLogExport } from './time-logs.table';
import { userExport } from './users.table';

const tags = ['tables'];
/** The file is the answer; its errors before streaming are the usual JSON ones. */
const response = errorResponses;

/**
 * GET {list}/export-all (doc 2 §7, §9): the list's own query — filters, search, sort, page[size] up to 100,000 —
 * with format csv or xlsx, answered as {table}-{date}.csv / .xlsx streamed from a cursor (export-stream.ts). Access is the
 * list's, and so is visibility (freelancers export what their list shows). POST users/bulk-operations/export is
 * the same for the Users screen (GET contacts' rows), with the selection in the body.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = app.ctx.config.agencyTimeZone;
  const send = (request: FastifyRequest, reply: FastifyReply, spec: ExportSpec) =>
    sendExport(app.ctx.db, reply, request.log, spec, timeZone);
  const viewerOf = (request: FastifyRequest) => {
    const principal = requirePrincipal(request);
    return { userId: principal.userId, type: principal.type };
  };

  app.get(
    '/tasks/export-all',
    { config: { access: access.staff('TASKS_READ') }, schema: { tags, querystring: taskExportQuerySchema, response } },
    async (request, reply) => send(request, reply, taskExport(request.query, viewerOf(request), timeZone)),
  );

  app.get(
    '/requests/export-all',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: { tags, querystring: requestExportQuerySchema, response },
    },
    async (request, reply) => send(request, reply, requestExport(request.query, viewerOf(request), timeZone)),
  );

  app.get(
    '/time-log/export-all',
    {
      config: { access: access.staff('TIMELOG_READ') },
      schema: { tags, querystring: timeLogExportQuerySchema, response },
    },
    async (request, reply) => send(request, reply, timeLogExport(request.query, requirePrincipal(request), timeZone)),
  );

  app.get(
    '/customers/export-all',
    {
      config: { access: access.regular('CUSTOMERS_READ') },
      schema: { tags, querystring: customerExportQuerySchema, response },
    },
    async (request, reply) => send(request, reply, customerExport(request.query, timeZone)),
  );

  app.get(
    '/contacts/export-all',
    {
      config: { access: access.staff('CONTACTS_READ') },
      schema: { tags, querystring: contactExportQuerySchema, response },
    },
    async (request, reply) => send(request, reply, contactExport(request.query, timeZone)),
  );

  app.get(
    '/projects/export-all',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: { tags, querystring: planExportQuerySchema, response },
    },
    async (request, reply) => send(request, reply, planExport(request.query, requirePrincipal(request).userId)),
  );

  app.post(
    '/users/bulk-operations/export',
    // The Users screen's export (doc 1 §2: Users is CONTACTS_READ), so its access is the screen's list's.
    { config: { access: access.staff('CONTACTS_READ') }, schema: { tags, body: userExportSchema, response } },
    async (request, reply) => send(request, reply, userExport(request.body, timeZone)),
  );
};
