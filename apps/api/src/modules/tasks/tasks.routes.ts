import {
  historyQuerySchema,
  historyResponseSchema,
  MESSAGES,
  messageBodySchema,
  projectTaskListQuerySchema,
  projectTaskListResponseSchema,
  projectTaskRequestsResponseSchema,
  projectTaskRequestsSchema,
  tagListQuerySchema,
  tagListResponseSchema,
  taskCreateResponseSchema,
  taskCreateSchema,
  taskDescriptionDeltaResponseSchema,
  taskDescriptionDeltaUpdateSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskResponseSchema,
  taskUpdateSchema,
  uuidParam,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasks } from '../../db/schema';
import { type DomainEvent, inTransaction } from '../../events/domain-events';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { listBytesSerializerCompiler } from '../../http/list-serializer';
import { errorResponses } from '../../http/responses';
import { notificationDelivery } from '../notifications/deliver';
import { changeTaskRequest } from '../requests/request-relations';
import { createTask } from './create-task';
import { findVisibleTask, type Viewer } from './task-access';
import { loadTask } from './task-detail';
import { describeTask, taskEvents } from './task-events';
import { listTaskHistory } from './task-history';
import { listProjectTasks, listTasks } from './task-list.query';
import { listTags } from './task-tags';
import { deleteTask, updateTask } from './update-task';

const tags = ['tasks'];
const viewerOf = (principal: Principal): Viewer => ({ userId: principal.userId, type: principal.type });

/** Tasks (doc 2 §7): the project tasks list, the task drawer's calls, relations, tags and history. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: Parameters<typeof requirePrincipal>[0]) => viewerOf(requirePrincipal(request));
  /** Announces a committed task write (live channels and other listeners subscribe to ctx.events). */
  const announce = async (
    taskId: number,
    action: 'created' | 'updated',
    actorId: number,
    refToken: string | null | undefined,
    moved = false,
    statusFrom?: string,
  ) => {
    const task = await describeTask(app.ctx.db, taskId);
    if (task) {
      app.ctx.events.publish(taskEvents(task, action, actorId, refToken, moved, statusFrom));
    }
  };

  app.get(
    '/tasks',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: { tags, querystring: taskListQuerySchema, response: { 200: taskListResponseSchema, ...errorResponses } },
      serializerCompiler: listBytesSerializerCompiler,
    },
    async (request) => listTasks(app.ctx.db, request.query, viewer(request), app.ctx.config.agencyTimeZone),
  );

  app.get(
    '/tasks/:uuid',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: { tags, params: uuidParam, response: { 200: taskResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const task = await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request));
      return { data: await loadTask(app.ctx.db, task.id) };
    },
  );

  app.post(
    '/tasks',
    {
      config: { access: access.staff('TASKS_CREATE') },
      schema: { tags, body: taskCreateSchema, response: { 200: taskCreateResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const attached: DomainEvent[] = [];
      const id = await createTask(
        app.ctx.db,
        request.body,
        viewer(request),
        app.ctx.config.agencyTimeZone,
        notificationDelivery(app.ctx, request.log),
        app.ctx.storage,
        (event) => attached.push(event),
      );
      await announce(id, 'created', viewer(request).userId, request.body.ref_token);
      app.ctx.events.publish(attached);
      return { data: await loadTask(app.ctx.db, id) };
    },
  );

  app.put(
    '/tasks/:uuid',
    {
      config: { access: access.staff('TASKS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: taskUpdateSchema,
        response: { 200: taskResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      let body = request.body;
      // The status before the write, so the event can say it changed (webhooks' task.status_changed).
      const statusFrom =
        body.status !== undefined
          ? (await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request))).status
          : undefined;
      if (body.description_delta !== undefined) {
        // People may be editing the description together: the write is merged into their document first, and
        // the task stores the merged text (collab/collab-server.ts mergeWrite).
        const current = await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request));
        const merged = await app.realtime.collab.mergeWrite(
          { kind: 'task', uuid: current.uuid, field: 'description' },
          current.descriptionDelta,
          body.description_delta,
        );
        body = { ...body, description_delta: merged };
      }
      const attached: DomainEvent[] = [];
      const id = await updateTask(
        app.ctx.db,
        request.params.uuid,
        body,
        viewer(request),
        notificationDelivery(app.ctx, request.log),
        app.ctx.storage,
        (event) => attached.push(event),
      );
      const moved = request.body.status !== undefined || request.body.sort_order !== undefined;
      await announce(id, 'updated', viewer(request).userId, request.body.ref_token, moved, statusFrom);
      app.ctx.events.publish(attached);
      return { data: await loadTask(app.ctx.db, id) };
    },
  );

  app.delete(
    '/tasks/:uuid',
    {
      config: { access: access.staff('TASKS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const found = await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request));
      const described = await describeTask(app.ctx.db, found.id);
      await inTransaction(app.ctx.db, app.ctx.events, (tx, emit) =>
        deleteTask(tx, request.params.uuid, viewer(request), emit),
      );
      if (described) {
        app.ctx.events.publish(taskEvents(described, 'deleted', viewer(request).userId, null));
      }
      return { message: MESSAGES.deleted };
    },
  );

  app.get(
    '/tasks/:uuid/description-delta',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: { tags, params: uuidParam, response: { 200: taskDescriptionDeltaResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const task = await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request));
      return { data: { description_delta: task.descriptionDelta ?? null } };
    },
  );

  // Writes the description without a history entry per keystroke. People may be editing it together right now
  // (collab/): the write is merged into their document, which then stores the delta and its text.
  app.put(
    '/tasks/:uuid/description-delta',
    {
      config: { access: access.staff('TASKS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: taskDescriptionDeltaUpdateSchema,
        response: { 200: taskDescriptionDeltaResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const task = await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request));
      const delta = await app.realtime.collab.mergeWrite(
        { kind: 'task', uuid: task.uuid, field: 'description' },
        task.descriptionDelta,
        request.body.description_delta ?? null,
      );
      if (request.body.ref_token !== undefined) {
        await app.ctx.db.update(tasks).set({ refToken: request.body.ref_token }).where(eq(tasks.id, task.id));
      }
      await announce(task.id, 'updated', viewer(request).userId, request.body.ref_token);
      return { data: { description_delta: delta } };
    },
  );

  app.get(
    '/tasks/:uuid/logs',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: {
        tags,
        params: uuidParam,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const task = await findVisibleTask(app.ctx.db, request.params.uuid, viewer(request));
      return { data: await listTaskHistory(app.ctx.db, task.id, request.query.before) };
    },
  );

  app.get(
    '/project-tasks',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: {
        tags,
        querystring: projectTaskListQuerySchema,
        response: { 200: projectTaskListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listProjectTasks(app.ctx.db, request.query, viewer(request)),
  );

  // The relate dialogs: a task holds at most one request (doc 2 §4 Relations); freelancers may not relate (403).
  app.put(
    '/project-tasks/:uuid',
    {
      config: { access: access.staff('TASKS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: projectTaskRequestsSchema,
        response: { 200: projectTaskRequestsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { taskId, message } = await changeTaskRequest(
        app.ctx.db,
        request.params.uuid,
        request.body,
        viewer(request),
      );
      await announce(taskId, 'updated', viewer(request).userId, null);
      return { message, data: await loadTask(app.ctx.db, taskId) };
    },
  );

  app.get(
    '/tags',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: { tags, querystring: tagListQuerySchema, response: { 200: tagListResponseSchema, ...errorResponses } },
    },
    async (request) => listTags(app.ctx.db, request.query),
  );
};
