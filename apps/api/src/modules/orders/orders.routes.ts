import {
  orderCreateSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  orderUpdateSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createOrder, placeOrder, updateOrder } from './order-commands';
import { listOrders, loadOrder } from './order-queries';

const tags = ['orders'];

/**
 * Client orders (issue 20): the charge permissions of doc 1 §6 (CHARGES_READ, _CREATE, _UPDATE); regular staff
 * only, so freelancers and contacts get 403. Placing may also need PROJECTS_CREATE / PROJECTS_UPDATE for the plan
 * it makes or changes (checked in placeOrder).
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/orders',
    {
      config: { access: access.regular('CHARGES_READ') },
      schema: {
        tags,
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listOrders(ctx.db, request.query),
  );

  app.post(
    '/orders',
    {
      config: { access: access.regular('CHARGES_CREATE') },
      schema: { tags, body: orderCreateSchema, response: { 200: orderResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const uuid = await createOrder(ctx, request.body, requirePrincipal(request).userId);
      return { data: await loadOrder(ctx.db, uuid) };
    },
  );

  app.get(
    '/orders/:uuid',
    {
      config: { access: access.regular('CHARGES_READ') },
      schema: { tags, params: uuidParam, response: { 200: orderResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await loadOrder(ctx.db, request.params.uuid) }),
  );

  app.put(
    '/orders/:uuid',
    {
      config: { access: access.regular('CHARGES_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: orderUpdateSchema,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await updateOrder(ctx, request.params.uuid, request.body, requirePrincipal(request).userId);
      return { data: await loadOrder(ctx.db, request.params.uuid) };
    },
  );

  app.post(
    '/orders/:uuid/place',
    {
      config: { access: access.regular('CHARGES_UPDATE') },
      schema: { tags, params: uuidParam, response: { 200: orderResponseSchema, ...errorResponses } },
    },
    async (request) => {
      await placeOrder(ctx, request.params.uuid, requirePrincipal(request));
      return { data: await loadOrder(ctx.db, request.params.uuid) };
    },
  );
};
