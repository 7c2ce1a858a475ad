import {
  bulkDeleteResponseSchema,
  bulkUpdateResponseSchema,
  MESSAGES,
  type Permission,
  taskBulkDeleteSchema,
  taskBulkUpdateSchema,
  taskExportQuerySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { forbidden } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import type { Viewer } from '../tasks/task-access';
import { runBulk } from './bulk-runner';
import { sendExport } from './export-stream';
import { deleteOneTask, selectTasks, taskExport, updateTaskStatus } from './tasks.table';

const tags = ['tables'];
const viewerOf = (principal: Principal): Viewer => ({ userId: principal.userId, type: principal.type });

/** `_all` selects through the list, so it needs the list's read permission as well as the write's. */
export function assertMayList(principal: Principal, all: boolean | undefined, permission: Permission) {
  if (all && !principal.permissions.has(permission)) {
    throw forbidden();
  }
}

/**
 * The data-table toolkit's calls (doc 2 §7 Tables): `POST {list}/bulk-operations/update|delete` run the single-row
 * command on every selected row (modules/tables/bulk-runner.ts), `GET {list}/export-all` streams the list as CSV or
 * XLSX (export-stream.ts). Each route has the access of its single-row (or list) counterpart.
 */
export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tasks/bulk-operations/update',
    {
      config: { access: access.staff('TASKS_UPDATE') },
      schema: { tags, body: taskBulkUpdateSchema, response: { 200: bulkUpdateResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      assertMayList(principal, request.body.filters._all, 'TASKS_READ');
      const viewer = viewerOf(principal);
      const uuids = await selectTasks(app.ctx, request.body, viewer);
      const result = await runBulk(
        app.ctx,
        request.log,
        uuids,
        updateTaskStatus(app.ctx, viewer, request.body.data.status),
      );
      return { message: MESSAGES.changesUpdated, updated: result.done, failed: result.failed };
    },
  );

  app.post(
    '/tasks/bulk-operations/delete',
    {
      config: { access: access.staff('TASKS_DESTROY') },
      schema: { tags, body: taskBulkDeleteSchema, response: { 200: bulkDeleteResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      assertMayList(principal, request.body.filters._all, 'TASKS_READ');
      const viewer = viewerOf(principal);
      const uuids = await selectTasks(app.ctx, request.body, viewer);
      const result = await runBulk(app.ctx, request.log, uuids, deleteOneTask(viewer));
      return { message: MESSAGES.deleted, deleted: result.done, failed: result.failed };
    },
  );

  app.get(
    '/tasks/export-all',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: { tags, querystring: taskExportQuerySchema, response: errorResponses },
    },
    async (request, reply) => {
      const viewer = viewerOf(requirePrincipal(request));
      return sendExport(
        app.ctx.db,
        reply,
        request.log,
        taskExport(request.query, viewer, app.ctx.config.agencyTimeZone),
      );
    },
  );
};
