import {
  bulkDeleteResponseSchema,
  bulkUpdateResponseSchema,
  contactBulkDeleteSchema,
  contactBulkUpdateSchema,
  customerBulkDeleteSchema,
  customerBulkUpdateSchema,
  MESSAGES,
  type Permission,
  requestBulkDeleteSchema,
  requestBulkUpdateSchema,
  taskBulkDeleteSchema,
  taskBulkUpdateSchema,
  timeLogBulkDeleteSchema,
  timeLogBulkUpdateSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { forbidden } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import { type BulkBatchWrite, type BulkRowWrite, runBulk } from './bulk-runner';
import { deleteOneContact, selectContacts, updateContactStatus } from './contacts.table';
import { deleteOneCustomer, selectCustomers, updateCustomerStatus } from './customers.table';
import { deleteOneRequest, editSelectedRequests, selectRequests } from './requests.table';
import { deleteOneTask, editSelectedTasks, selectTasks } from './tasks.table';
import { deleteOneTimeLog, selectTimeLogs, updateTimeLogStatus } from './time-logs.table';

const tags = ['tables'];
const updated = { 200: bulkUpdateResponseSchema, ...errorResponses };
const deleted = { 200: bulkDeleteResponseSchema, ...errorResponses };

/** `_all` selects through the list, so it also needs the list's read permission. */
function assertMayList(principal: Principal, all: boolean | undefined, permission: Permission) {
  if (all && !principal.permissions.has(permission)) {
    throw forbidden();
  }
}

/**
 * POST {list}/bulk-operations/update and /delete (doc 2 §7 Tables) for tasks, requests, time logs, clients and
 * contacts. Each route has the access of its single-row call and runs that call's command on every selected row
 * (bulk-runner.ts); the answer counts the rows done and lists the refused ones with their messages.
 */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const viewerOf = (request: FastifyRequest) => {
    const principal = requirePrincipal(request);
    return { principal, viewer: { userId: principal.userId, type: principal.type } };
  };
  const run = (request: FastifyRequest, uuids: string[], write: BulkRowWrite | { batch: BulkBatchWrite }) =>
    runBulk(ctx, request.log, uuids, write);
  const updateAnswer = (r: Awaited<ReturnType<typeof runBulk>>) => ({
    message: MESSAGES.changesUpdated,
    updated: r.done,
    failed: r.failed,
  });
  const deleteAnswer = (r: Awaited<ReturnType<typeof runBulk>>) => ({
    message: MESSAGES.deleted,
    deleted: r.done,
    failed: r.failed,
  });

  app.post(
    '/tasks/bulk-operations/update',
    {
      config: { access: access.staff('TASKS_UPDATE') },
      schema: { tags, body: taskBulkUpdateSchema, response: updated },
    },
    async (request) => {
      const { principal, viewer } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'TASKS_READ');
      const uuids = await selectTasks(ctx, request.body, viewer);
      return updateAnswer(await run(request, uuids, editSelectedTasks(viewer, request.body.data)));
    },
  );

  app.post(
    '/tasks/bulk-operations/delete',
    {
      config: { access: access.staff('TASKS_DESTROY') },
      schema: { tags, body: taskBulkDeleteSchema, response: deleted },
    },
    async (request) => {
      const { principal, viewer } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'TASKS_READ');
      const uuids = await selectTasks(ctx, request.body, viewer);
      return deleteAnswer(await run(request, uuids, deleteOneTask(viewer)));
    },
  );

  app.post(
    '/requests/bulk-operations/update',
    {
      config: { access: access.staff('REQUEST_UPDATE') },
      schema: { tags, body: requestBulkUpdateSchema, response: updated },
    },
    async (request) => {
      const { principal, viewer } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'REQUEST_READ');
      const uuids = await selectRequests(ctx, request.body, viewer);
      return updateAnswer(await run(request, uuids, editSelectedRequests(ctx, viewer, request.body.data)));
    },
  );

  app.post(
    '/requests/bulk-operations/delete',
    {
      config: { access: access.regular('REQUEST_DESTROY') },
      schema: { tags, body: requestBulkDeleteSchema, response: deleted },
    },
    async (request) => {
      const { principal, viewer } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'REQUEST_READ');
      const uuids = await selectRequests(ctx, request.body, viewer);
      return deleteAnswer(await run(request, uuids, deleteOneRequest(viewer)));
    },
  );

  app.post(
    '/time-log/bulk-operations/update',
    // As PUT time-log/{uuid}: the command decides (TIMELOG_UPDATE, or one's own timer).
    { config: { access: access.staff() }, schema: { tags, body: timeLogBulkUpdateSchema, response: updated } },
    async (request) => {
      const { principal } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'TIMELOG_READ');
      const uuids = await selectTimeLogs(ctx, request.body, principal);
      return updateAnswer(await run(request, uuids, updateTimeLogStatus(ctx, principal, request.body.data.status)));
    },
  );

  app.post(
    '/time-log/bulk-operations/delete',
    {
      config: { access: access.regular('TIMELOG_DESTROY') },
      schema: { tags, body: timeLogBulkDeleteSchema, response: deleted },
    },
    async (request) => {
      const { principal } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'TIMELOG_READ');
      const uuids = await selectTimeLogs(ctx, request.body, principal);
      return deleteAnswer(await run(request, uuids, deleteOneTimeLog(principal)));
    },
  );

  app.post(
    '/customers/bulk-operations/update',
    {
      config: { access: access.regular('CUSTOMERS_UPDATE') },
      schema: { tags, body: customerBulkUpdateSchema, response: updated },
    },
    async (request) => {
      const { principal } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'CUSTOMERS_READ');
      const uuids = await selectCustomers(ctx, request.body);
      return updateAnswer(
        await run(request, uuids, updateCustomerStatus(ctx, principal.userId, request.body.data.status)),
      );
    },
  );

  app.post(
    '/customers/bulk-operations/delete',
    {
      config: { access: access.regular('CUSTOMERS_DESTROY') },
      schema: { tags, body: customerBulkDeleteSchema, response: deleted },
    },
    async (request) => {
      const { principal } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'CUSTOMERS_READ');
      const uuids = await selectCustomers(ctx, request.body);
      return deleteAnswer(await run(request, uuids, deleteOneCustomer(principal.userId)));
    },
  );

  app.post(
    '/contacts/bulk-operations/update',
    // As PUT contacts/{uuid}: the command decides (CONTACTS_UPDATE; a status is never an own-profile field).
    { config: { access: access.staff() }, schema: { tags, body: contactBulkUpdateSchema, response: updated } },
    async (request) => {
      const { principal } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'CONTACTS_READ');
      const uuids = await selectContacts(ctx, request.body);
      return updateAnswer(await run(request, uuids, updateContactStatus(ctx, principal, request.body.data.status)));
    },
  );

  app.post(
    '/contacts/bulk-operations/delete',
    {
      config: { access: access.staff('CONTACTS_DESTROY') },
      schema: { tags, body: contactBulkDeleteSchema, response: deleted },
    },
    async (request) => {
      const { principal } = viewerOf(request);
      assertMayList(principal, request.body.filters._all, 'CONTACTS_READ');
      const uuids = await selectContacts(ctx, request.body);
      return deleteAnswer(await run(request, uuids, deleteOneContact(ctx, principal)));
    },
  );
};
