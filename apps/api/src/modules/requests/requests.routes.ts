import {
  completionChecksErrorSchema,
  errorBodySchema,
  historyQuerySchema,
  historyResponseSchema,
  MESSAGES,
  messageBodySchema,
  requestCreateSchema,
  requestDetailQuerySchema,
  requestListQuerySchema,
  requestListResponseSchema,
  requestResponseSchema,
  requestUpdateSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mergeRequestBrief } from '../../collab/request-brief-merge';
import { access, requirePrincipal } from '../../http/access';
import { listBytesSerializerCompiler } from '../../http/list-serializer';
import { errorResponses } from '../../http/responses';
import { listHistory } from '../history/activity-log';
import { createRequest } from './create-request';
import { deleteDraft } from './delete-draft';
import { findVisibleRequest, type Viewer } from './request-access';
import { CompletionChecksFailed } from './request-completion';
import { loadRequest } from './request-detail';
import { describeRequest, type RequestChange, requestEvent } from './request-events';
import { listRequests } from './request-list.query';
import { subscribeRequestNotifications } from './request-notifications';
import { updateRequest } from './update-request';

const tags = ['requests'];

/** A failed completion checklist first: the plain error shape would drop its `checks`. */
const updateErrors = { ...errorResponses, 422: z.union([completionChecksErrorSchema, errorBodySchema]) };

/** Requests (doc 2 §7): the list with its counts, the detail, create/submit, edit, discard and history. */
export const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: Parameters<typeof requirePrincipal>[0]): Viewer => {
    const principal = requirePrincipal(request);
    return { userId: principal.userId, type: principal.type };
  };
  const timeZone = app.ctx.config.agencyTimeZone;
  const unsubscribe = subscribeRequestNotifications(app.ctx, app.log);
  app.addHook('onClose', async () => unsubscribe());

  app.get(
    '/requests',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: {
        tags,
        querystring: requestListQuerySchema,
        response: { 200: requestListResponseSchema, ...errorResponses },
      },
      serializerCompiler: listBytesSerializerCompiler,
    },
    async (request) => listRequests(app.ctx.db, request.query, viewer(request)),
  );

  app.get(
    '/requests/:uuid',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: {
        tags,
        params: uuidParam,
        querystring: requestDetailQuerySchema,
        response: { 200: requestResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findVisibleRequest(app.ctx.db, request.params.uuid, viewer(request));
      return { data: await loadRequest(app.ctx.db, found.id, request.query.with) };
    },
  );

  // Creating and duplicating are staff work: freelancers read requests only (doc 2 §6).
  /** Announces a committed request write (live channels and other listeners subscribe to ctx.events). */
  const announce = async (
    where: { id: number },
    action: 'created' | 'updated',
    actorId: number,
    refToken: string | null | undefined,
    change?: RequestChange,
  ) => {
    const described = await describeRequest(app.ctx.db, where);
    if (described) {
      app.ctx.events.publish([requestEvent(described, action, actorId, refToken, change)]);
    }
  };

  app.post(
    '/requests',
    {
      config: { access: access.regular('REQUEST_CREATE') },
      schema: {
        tags,
        querystring: requestDetailQuerySchema,
        body: requestCreateSchema,
        response: { 200: requestResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = await createRequest(
        app.ctx.db,
        request.body,
        viewer(request),
        timeZone,
        app.ctx.storage,
        app.ctx.events,
      );
      await announce({ id }, 'created', viewer(request).userId, null);
      return { data: await loadRequest(app.ctx.db, id, request.query.with) };
    },
  );

  app.put(
    '/requests/:uuid',
    {
      config: { access: access.staff('REQUEST_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        querystring: requestDetailQuerySchema,
        body: requestUpdateSchema,
        response: { 200: requestResponseSchema, ...updateErrors },
      },
    },
    async (request, reply) => {
      try {
        // The brief may be open in people's editors: merged into their document (collab/request-brief-merge.ts).
        const body = await mergeRequestBrief(
          app.realtime.collab,
          app.ctx.db,
          request.params.uuid,
          viewer(request),
          request.body,
        );
        const { id, change } = await updateRequest(
          app.ctx.db,
          request.params.uuid,
          body,
          viewer(request),
          timeZone,
          app.ctx.storage,
          app.ctx.events,
        );
        await announce({ id }, 'updated', viewer(request).userId, request.body.ref_token, change);
        return { data: await loadRequest(app.ctx.db, id, request.query.with) };
      } catch (error) {
        if (error instanceof CompletionChecksFailed) {
          return reply.status(422).send(error.toBody());
        }
        throw error;
      }
    },
  );

  app.delete(
    '/requests/:uuid',
    {
      config: { access: access.regular('REQUEST_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const described = await describeRequest(app.ctx.db, { uuid: request.params.uuid });
      await deleteDraft(app.ctx.db, request.params.uuid, viewer(request));
      if (described) {
        app.ctx.events.publish([requestEvent(described, 'deleted', viewer(request).userId, null)]);
      }
      return { message: MESSAGES.draftDeleted };
    },
  );

  // doc 2 §7: GET {task|request}/{id}/logs with before.
  app.get(
    '/request/:uuid/logs',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: {
        tags,
        params: uuidParam,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const found = await findVisibleRequest(app.ctx.db, request.params.uuid, viewer(request));
      return { data: await listHistory(app.ctx.db, 'request', found.id, request.query.before) };
    },
  );
};
