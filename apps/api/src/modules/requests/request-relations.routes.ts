import {
  MESSAGES,
  requestTaskParams,
  requestTasksRelateResponseSchema,
  requestTasksRelateSchema,
  uuidParam,
} from '@portal/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tasks } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { describeTask, taskEvents } from '../tasks/task-events';
import { describeRequest, requestEvent } from './request-events';
import { relateTasksToRequest, unrelateTaskFromRequest } from './request-relations';

const tags = ['requests'];

/**
 * Relating tasks from the request side (doc 2 §4 Relations, §7 relating calls). The task side is PUT tasks/{uuid}
 * and PUT project-tasks/{taskUuid} with add_requests / remove_requests. Regular users only: freelancers never relate.
 */
export const requestRelationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Announces a committed relation change: the request and each task whose request changed were updated. */
  const announce = async (requestUuid: string, taskUuids: string[], actorId: number) => {
    const events: DomainEvent[] = [];
    const described = await describeRequest(app.ctx.db, { uuid: requestUuid });
    if (described) {
      events.push(requestEvent(described, 'updated', actorId, null));
    }
    const rows = taskUuids.length
      ? await app.ctx.db.select({ id: tasks.id }).from(tasks).where(inArray(tasks.uuid, taskUuids))
      : [];
    for (const row of rows) {
      const task = await describeTask(app.ctx.db, row.id);
      if (task) {
        events.push(...taskEvents(task, 'updated', actorId, null));
      }
    }
    app.ctx.events.publish(events);
  };

  app.post(
    '/requests/:uuid/tasks',
    {
      config: { access: access.regular('REQUEST_UPDATE') },
      schema: {
        tags,
        summary: 'Relate tasks to a request',
        description:
          "Body {tasks: [taskUuid]}. Every task must be visible, active (not completed, cancelled or a recurring master) and hold no request yet; otherwise 422 with errors['tasks.<index>'] ('This task is already related'). The request must be active (not draft, completed or cancelled). Answers 'Tasks related to the request' and the request's tasks.",
        params: uuidParam,
        body: requestTasksRelateSchema,
        response: { 200: requestTasksRelateResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await relateTasksToRequest(app.ctx.db, request.params.uuid, request.body.tasks, principal);
      await announce(request.params.uuid, request.body.tasks, principal.userId);
      return { message: MESSAGES.tasksRelatedToRequest, data };
    },
  );

  app.delete(
    '/requests/:uuid/tasks/:taskUuid',
    {
      config: { access: access.regular('REQUEST_UPDATE') },
      schema: {
        tags,
        summary: 'Remove a task from a request',
        description:
          "404 when the task does not hold this request. Answers 'Relation updated' and the request's tasks.",
        params: requestTaskParams,
        response: { 200: requestTasksRelateResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { uuid, taskUuid } = request.params;
      const data = await unrelateTaskFromRequest(app.ctx.db, uuid, taskUuid, principal);
      await announce(uuid, [taskUuid], principal.userId);
      return { message: MESSAGES.relationUpdated, data };
    },
  );
};
