import {
  MESSAGES,
  messageBodySchema,
  productTypeInputSchema,
  productTypeListQuerySchema,
  productTypeListResponseSchema,
  productTypeResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createProductType, deleteProductType, listProductTypes, updateProductType } from './product-types.service';

const tags = ['product-types'];

/** Product types (the /product-types admin screen and the selectors that list them). */
export const productTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product-types',
    {
      config: { access: access.regular('PRODUCT_TYPES_READ') },
      schema: {
        tags,
        querystring: productTypeListQuerySchema,
        response: { 200: productTypeListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listProductTypes(app.ctx.db, request.query),
  );

  app.post(
    '/product-types',
    {
      config: { access: access.regular('PRODUCT_TYPES_CREATE') },
      schema: { tags, body: productTypeInputSchema, response: { 200: productTypeResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await createProductType(app.ctx.db, request.body) }),
  );

  app.put(
    '/product-types/:uuid',
    {
      config: { access: access.regular('PRODUCT_TYPES_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: productTypeInputSchema,
        response: { 200: productTypeResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateProductType(app.ctx.db, request.params.uuid, request.body) }),
  );

  app.delete(
    '/product-types/:uuid',
    {
      config: { access: access.regular('PRODUCT_TYPES_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteProductType(app.ctx.db, request.params.uuid);
      return { message: MESSAGES.deleted };
    },
  );
};
