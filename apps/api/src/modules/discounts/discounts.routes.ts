import {
  DISCOUNT_MESSAGES,
  discountCreateSchema,
  discountListQuerySchema,
  discountListResponseSchema,
  discountRedemptionsResponseSchema,
  discountResponseSchema,
  discountUpdateSchema,
  discountValidateSchema,
  discountValidationResponseSchema,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createDiscount, deleteDiscount, priceForValidation, updateDiscount } from './discount-commands';
import { listDiscounts, listRedemptions, loadDiscount } from './discount-queries';
import { type DiscountQuote, DiscountRefused, quoteDiscount } from './discount-terms';

const tags = ['discounts'];

/**
 * Discount codes (issue 22): the spec's product permissions (doc 1 §6: PRODUCTS_READ, _CREATE, _UPDATE,
 * _DESTROY); staff only, so freelancers and contacts get 403. discounts/validate reads (PRODUCTS_READ).
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/discounts',
    {
      config: { access: access.regular('PRODUCTS_READ') },
      schema: {
        tags,
        querystring: discountListQuerySchema,
        response: { 200: discountListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listDiscounts(ctx.db, request.query),
  );

  app.post(
    '/discounts',
    {
      config: { access: access.regular('PRODUCTS_CREATE') },
      schema: { tags, body: discountCreateSchema, response: { 200: discountResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const uuid = await createDiscount(ctx, request.body, requirePrincipal(request).userId);
      return { data: await loadDiscount(ctx.db, uuid) };
    },
  );

  app.post(
    '/discounts/validate',
    {
      config: { access: access.regular('PRODUCTS_READ') },
      schema: {
        tags,
        body: discountValidateSchema,
        response: { 200: discountValidationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { code, customer_uuid, items } = request.body;
      const { customerId, lines } = await priceForValidation(ctx.db, customer_uuid, items);
      const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
      const answer = (found: DiscountQuote | null) =>
        lines.map((line) => ({
          service_uuid: line.serviceUuid,
          name: line.name,
          total_cents: line.totalCents,
          discounted: found?.appliesTo(line.requestTypeId) ?? false,
        }));
      try {
        const quote = await quoteDiscount(ctx.db, code, customerId, lines);
        return {
          data: {
            valid: true,
            reason: null,
            message: null,
            code: quote.code,
            lines: answer(quote),
            subtotal_cents: subtotal,
            discount_cents: quote.cents,
            total_cents: subtotal - quote.cents,
            currency: 'USD' as const,
          },
        };
      } catch (error) {
        if (!(error instanceof DiscountRefused)) {
          throw error;
        }
        return {
          data: {
            valid: false,
            reason: error.reason,
            message: DISCOUNT_MESSAGES[error.reason],
            code,
            lines: answer(null),
            subtotal_cents: subtotal,
            discount_cents: 0,
            total_cents: subtotal,
            currency: 'USD' as const,
          },
        };
      }
    },
  );

  app.get(
    '/discounts/:uuid',
    {
      config: { access: access.regular('PRODUCTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: discountResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await loadDiscount(ctx.db, request.params.uuid) }),
  );

  app.get(
    '/discounts/:uuid/redemptions',
    {
      config: { access: access.regular('PRODUCTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: discountRedemptionsResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await listRedemptions(ctx.db, request.params.uuid) }),
  );

  app.put(
    '/discounts/:uuid',
    {
      config: { access: access.regular('PRODUCTS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: discountUpdateSchema,
        response: { 200: discountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await updateDiscount(ctx, request.params.uuid, request.body);
      return { data: await loadDiscount(ctx.db, request.params.uuid) };
    },
  );

  app.delete(
    '/discounts/:uuid',
    {
      config: { access: access.regular('PRODUCTS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteDiscount(ctx, request.params.uuid);
      return { message: DISCOUNT_MESSAGES.deleted };
    },
  );
};
