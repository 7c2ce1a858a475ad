import {
  MESSAGES,
  requestTaskParams,
  requestTasksRelateResponseSchema,
  requestTasksRelateSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { relateTasksToRequest, unrelateTaskFromRequest } from './request-relations';

const tags = ['requests'];

/**
 * Relating tasks from the request side (doc 2 §4 Relations, §7 relating calls). The task side is PUT tasks/{uuid}
 * and PUT project-tasks/{taskUuid} with add_requests / remove_requests. Regular users only: freelancers never relate.
 */
export const requestRelationRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => ({
      message: MESSAGES.tasksRelatedToRequest,
      data: await relateTasksToRequest(app.ctx.db, request.params.uuid, request.body.tasks, requirePrincipal(request)),
    }),
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
    async (request) => ({
      message: MESSAGES.relationUpdated,
      data: await unrelateTaskFromRequest(
        app.ctx.db,
        request.params.uuid,
        request.params.taskUuid,
        requirePrincipal(request),
      ),
    }),
  );
};
