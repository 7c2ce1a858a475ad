import {
  customerInputSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerResponseSchema,
  customerUpdateSchema,
  MESSAGES,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { listCustomers } from './customer-list.query';
import { createCustomer, deleteCustomer, getCustomer, updateCustomer } from './customers.service';

const tags = ['customers'];

/** Clients (customers). Staff only: freelancers and client contacts never see the agency's client list. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      config: { access: access.regular('CUSTOMERS_READ') },
      schema: {
        tags,
        querystring: customerListQuerySchema,
        response: { 200: customerListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listCustomers(app.ctx.db, request.query),
  );

  app.get(
    '/customers/:uuid',
    {
      config: { access: access.regular('CUSTOMERS_READ') },
      schema: { tags, params: uuidParam, response: { 200: customerResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await getCustomer(app.ctx.db, request.params.uuid) }),
  );

  app.post(
    '/customers',
    {
      config: { access: access.regular('CUSTOMERS_CREATE') },
      schema: { tags, body: customerInputSchema, response: { 200: customerResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      const data = await createCustomer(app.ctx.db, request.body, { userId: actorId, storage: app.ctx.storage });
      // Committed by the command; announced for the audit trail (and any other listener).
      app.ctx.events.publish([
        { model: 'customer', action: 'created', id: data.uuid, actorId, payload: { name: data.business_name } },
      ]);
      return { data };
    },
  );

  app.put(
    '/customers/:uuid',
    {
      config: { access: access.regular('CUSTOMERS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: customerUpdateSchema,
        response: { 200: customerResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      const data = await updateCustomer(app.ctx.db, request.params.uuid, request.body, {
        userId: actorId,
        storage: app.ctx.storage,
      });
      const payload = { name: data.business_name, fields: Object.keys(request.body) };
      app.ctx.events.publish([{ model: 'customer', action: 'updated', id: data.uuid, actorId, payload }]);
      return { data };
    },
  );

  app.delete(
    '/customers/:uuid',
    {
      config: { access: access.regular('CUSTOMERS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteCustomer(app.ctx.db, request.params.uuid);
      const actorId = requirePrincipal(request).userId;
      app.ctx.events.publish([{ model: 'customer', action: 'deleted', id: request.params.uuid, actorId }]);
      return { message: MESSAGES.deleted };
    },
  );
};
