import { z } from 'zod';
import { MAX_ORDER_QUANTITY, ORDER_MESSAGES, ORDER_STATUSES, SERVICE_SELLS } from '../rules/orders';
import { listResponseSchema } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany } from './lists';

/**
 * Client orders (issue 20, /onboarding/orders). Prices are integer cents (USD), copied onto each line when the line
 * is written, so a later price change never rewrites an order. Quantities may have two decimals.
 */

export const orderItemSchema = z.object({
  service_uuid: z.uuid(),
  quantity: z
    .number()
    .positive('The quantity must be greater than 0')
    .max(MAX_ORDER_QUANTITY, `The quantity may not be greater than ${MAX_ORDER_QUANTITY}`)
    .refine((q) => Math.abs(q * 100 - Math.round(q * 100)) < 1e-6, ORDER_MESSAGES.quantityStep),
});
export type OrderItemInput = z.input<typeof orderItemSchema>;

/** POST orders. discount_code (issue 22) is checked now and redeemed when the order is placed. */
export const orderCreateSchema = z.object({
  customer_uuid: z.uuid(),
  items: z.array(orderItemSchema).min(1, 'Add at least one service').max(100),
  discount_code: z.string().trim().max(50).nullish(),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/**
 * PUT orders/{uuid}: a draft's client and items, or a status move: `paid` (a placed order was paid) or `cancelled`
 * (a draft or placed order). Placing is POST orders/{uuid}/place.
 */
export const orderUpdateSchema = z.object({
  customer_uuid: z.uuid().optional(),
  items: z.array(orderItemSchema).min(1, 'Add at least one service').max(100).optional(),
  discount_code: z.string().trim().max(50).nullish(),
  status: z.enum(['paid', 'cancelled']).optional(),
});
export type OrderUpdateInput = z.input<typeof orderUpdateSchema>;

export const orderLineSchema = z.object({
  uuid: z.uuid(),
  /** Null once the service was deleted; the line keeps its copied name and price. */
  service_uuid: z.uuid().nullable(),
  name: z.string(),
  sells: z.enum(SERVICE_SELLS),
  unit_price_cents: z.number().int(),
  quantity: z.number(),
  total_cents: z.number().int(),
  /** Retainer lines: the reload minutes this line gives the plan (per-unit minutes × quantity). */
  plan_reload_minutes: z.number().int().nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderPlanRefSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  /** created: this order made the plan; updated: it changed an existing plan's reload amount. */
  effect: z.enum(['created', 'updated']),
});
export type OrderPlanRef = z.infer<typeof orderPlanRefSchema>;

export const orderListItemSchema = z.object({
  uuid: z.uuid(),
  number: z.number().int(),
  customer: customerRefSchema,
  status: z.enum(ORDER_STATUSES),
  lines_count: z.number().int(),
  /** What the lines add up to less discount_cents. */
  total_cents: z.number().int(),
  /** The discount code the order uses (as the code is spelt on /discounts) and what it takes off. */
  discount_code: z.string().nullable(),
  discount_cents: z.number().int(),
  currency: z.literal('USD'),
  placed_at: z.iso.datetime().nullable(),
  paid_at: z.iso.datetime().nullable(),
  cancelled_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderSchema = orderListItemSchema.extend({
  lines: z.array(orderLineSchema),
  plans: z.array(orderPlanRefSchema),
});
export type Order = z.infer<typeof orderSchema>;
export const orderResponseSchema = z.object({ data: orderSchema });

export const ORDER_SORT_FIELDS = ['created_at', 'number', 'customer', 'total', 'placed_at'] as const;
export const orderListQuerySchema = listQuerySchema({
  filters: {
    status: oneOrMany(z.enum(ORDER_STATUSES)),
    customer_uuid: oneOrMany(z.uuid()),
  },
  sortBy: ORDER_SORT_FIELDS,
});
export const orderListResponseSchema = listResponseSchema(orderListItemSchema);
