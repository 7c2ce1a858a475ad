import {
  MESSAGES,
  messageBodySchema,
  requestTypeIdParam,
  requestTypeListQuerySchema,
  requestTypeListResponseSchema,
  requestTypeResponseSchema,
  requestTypeUpdateSchema,
  requestTypeWriteSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import {
  createRequestType,
  deleteRequestType,
  listRequestTypes,
  showRequestType,
  updateRequestType,
} from './request-types';

const tags = ['request-types'];

/** The request-type catalogue (doc 2 §3): staff read it for the request form; admins (SERVICES_*) edit it. */
export const requestTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const show = async (id: number) => ({ data: await showRequestType(app.ctx.db, id) });

  app.get(
    '/request-types',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: {
        tags,
        querystring: requestTypeListQuerySchema,
        response: { 200: requestTypeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await listRequestTypes(app.ctx.db, request.query) }),
  );

  app.get(
    '/request-types/:id',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: { tags, params: requestTypeIdParam, response: { 200: requestTypeResponseSchema, ...errorResponses } },
    },
    async (request) => show(request.params.id),
  );

  app.post(
    '/request-types',
    {
      config: { access: access.regular('SERVICES_CREATE') },
      schema: { tags, body: requestTypeWriteSchema, response: { 200: requestTypeResponseSchema, ...errorResponses } },
    },
    async (request) => show(await createRequestType(app.ctx.db, request.body)),
  );

  app.put(
    '/request-types/:id',
    {
      config: { access: access.regular('SERVICES_UPDATE') },
      schema: {
        tags,
        params: requestTypeIdParam,
        body: requestTypeUpdateSchema,
        response: { 200: requestTypeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await updateRequestType(app.ctx.db, request.params.id, request.body);
      return show(request.params.id);
    },
  );

  app.delete(
    '/request-types/:id',
    {
      config: { access: access.regular('SERVICES_DESTROY') },
      schema: { tags, params: requestTypeIdParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteRequestType(app.ctx.db, request.params.id);
      return { message: MESSAGES.deleted };
    },
  );
};
