import { z } from 'zod';
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_MESSAGES,
  DISCOUNT_REASONS,
  DISCOUNT_TYPES,
  MAX_FIXED_DISCOUNT_CENTS,
} from '../rules/discounts';
import { listResponseSchema } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany } from './lists';
import { orderItemSchema } from './orders';

/**
 * Discount codes (issue 22, /discounts). `value` is the percent (1–100) for a percent code and integer USD cents for
 * a fixed one, as every amount of the orders API is cents. Empty `service_uuids` and `product_type_uuids` mean all
 * services; otherwise a line is discounted when its service is chosen or its service's product type is.
 */

const code = z.string().trim().regex(DISCOUNT_CODE_PATTERN, DISCOUNT_MESSAGES.codeFormat);
const limit = z.number().int().positive().max(1_000_000).nullable();

const discountFields = z.object({
  code,
  type: z.enum(DISCOUNT_TYPES),
  value: z.number().int().positive(),
  service_uuids: z.array(z.uuid()).max(200).default([]),
  product_type_uuids: z.array(z.uuid()).max(200).default([]),
  valid_from: z.iso.datetime({ offset: true }).nullable().default(null),
  valid_to: z.iso.datetime({ offset: true }).nullable().default(null),
  max_redemptions: limit.default(null),
  max_per_customer: limit.default(null),
  active: z.boolean().default(true),
});

type Checked = { type?: string; value?: number; valid_from?: string | null; valid_to?: string | null };
function checkTerms(data: Checked, ctx: z.RefinementCtx) {
  if (data.type === 'percent' && data.value !== undefined && data.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.percentRange });
  }
  if (data.type === 'fixed' && data.value !== undefined && data.value > MAX_FIXED_DISCOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_MESSAGES.fixedRange });
  }
  if (data.valid_from && data.valid_to && new Date(data.valid_to) <= new Date(data.valid_from)) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: DISCOUNT_MESSAGES.validRange });
  }
}

export const discountCreateSchema = discountFields.superRefine(checkTerms);
export type DiscountCreateInput = z.input<typeof discountCreateSchema>;

/** PUT discounts/{uuid}: any field; type and value are checked together against the stored code. */
export const discountUpdateSchema = z
  .object({
    code: code.optional(),
    type: z.enum(DISCOUNT_TYPES).optional(),
    value: z.number().int().positive().optional(),
    service_uuids: z.array(z.uuid()).max(200).optional(),
    product_type_uuids: z.array(z.uuid()).max(200).optional(),
    valid_from: z.iso.datetime({ offset: true }).nullable().optional(),
    valid_to: z.iso.datetime({ offset: true }).nullable().optional(),
    max_redemptions: limit.optional(),
    max_per_customer: limit.optional(),
    active: z.boolean().optional(),
  })
  .superRefine(checkTerms);
export type DiscountUpdateInput = z.input<typeof discountUpdateSchema>;

export const discountServiceRefSchema = z.object({ uuid: z.uuid(), name: z.string() });

export const discountSchema = z.object({
  uuid: z.uuid(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number().int(),
  service_uuids: z.array(z.uuid()),
  services: z.array(discountServiceRefSchema),
  product_type_uuids: z.array(z.uuid()),
  product_types: z.array(discountServiceRefSchema),
  /**
   * Whether the code applies to every service. False with both lists empty: every service and product type it was
   * limited to has been deleted, and it applies to nothing (never widened to everything).
   */
  all_services: z.boolean(),
  valid_from: z.iso.datetime().nullable(),
  valid_to: z.iso.datetime().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_per_customer: z.number().int().nullable(),
  active: z.boolean(),
  /** Live redemptions: orders placed with the code and not cancelled. */
  redemptions_count: z.number().int(),
  created_by: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  created_at: z.iso.datetime(),
});
export type Discount = z.infer<typeof discountSchema>;
export const discountResponseSchema = z.object({ data: discountSchema });

export const DISCOUNT_SORT_FIELDS = ['created_at', 'code', 'valid_to', 'redemptions_count'] as const;
export const discountListQuerySchema = listQuerySchema({
  filters: {
    active: oneOrMany(z.enum(['true', 'false'])),
    type: oneOrMany(z.enum(DISCOUNT_TYPES)),
  },
  sortBy: DISCOUNT_SORT_FIELDS,
});
export const discountListResponseSchema = listResponseSchema(discountSchema);

export const discountRedemptionSchema = z.object({
  uuid: z.uuid(),
  order: z.object({ uuid: z.uuid(), number: z.number().int(), status: z.string() }),
  customer: customerRefSchema,
  amount_cents: z.number().int(),
  released_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type DiscountRedemption = z.infer<typeof discountRedemptionSchema>;
export const discountRedemptionsResponseSchema = z.object({ data: z.array(discountRedemptionSchema) });

/** POST discounts/validate: would this code apply to this client's order now? */
export const discountValidateSchema = z.object({
  code: z.string().trim().min(1).max(50),
  customer_uuid: z.uuid(),
  items: z.array(orderItemSchema).min(1, 'Add at least one service').max(100),
});
export type DiscountValidateInput = z.input<typeof discountValidateSchema>;

/**
 * The answer: either `valid` with the priced lines, what the code takes off and the total, or not `valid` with the
 * reason and its message (still 200: an unusable code is an answer, not a failed call).
 */
export const discountValidationSchema = z.object({
  valid: z.boolean(),
  reason: z.enum(DISCOUNT_REASONS).nullable(),
  message: z.string().nullable(),
  code: z.string(),
  lines: z.array(
    z.object({ service_uuid: z.uuid(), name: z.string(), total_cents: z.number().int(), discounted: z.boolean() }),
  ),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  currency: z.literal('USD'),
});
export type DiscountValidation = z.infer<typeof discountValidationSchema>;
export const discountValidationResponseSchema = z.object({ data: discountValidationSchema });
