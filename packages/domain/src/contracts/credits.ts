import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listResponseSchema, pageQuerySchema } from './common';
import { sortDirectionSchema } from './lists';

export const CREDIT_KINDS = ['period_credit', 'manual_adjustment', 'expiry'] as const;
export const ROLLOVER_RULES = ['none', 'all', 'up_to'] as const;

/** A credit row (doc 2 §3: date, uuid, total time), total_time in minutes; adjustments may be negative. */
export const creditSchema = z.object({
  uuid: z.uuid(),
  date: z.string(),
  total_time: z.number().int(),
  kind: z.enum(CREDIT_KINDS),
  note: z.string().nullable(),
  created_by: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
});
export type Credit = z.infer<typeof creditSchema>;

/** The credit history's sortable columns; without a sort, newest date first. */
export const CREDIT_SORTS = ['date', 'total_time', 'kind'] as const;
export type CreditSort = (typeof CREDIT_SORTS)[number];

export const creditListQuerySchema = z.object({
  page: pageQuerySchema,
  sort: z.object({ by: z.enum(CREDIT_SORTS).optional(), direction: sortDirectionSchema.optional() }).optional(),
});
export const creditListResponseSchema = listResponseSchema(creditSchema);

/** POST projects/{uuid}/credits: a manual adjustment in minutes (negative takes credit away) with its reason. */
export const creditAdjustmentSchema = z.object({
  total_time: z
    .number({ error: MESSAGES.required })
    .int('Enter whole minutes')
    .min(-100_000, 'An adjustment may not exceed 100000 minutes')
    .max(100_000, 'An adjustment may not exceed 100000 minutes')
    .refine((minutes) => minutes !== 0, 'An adjustment may not be zero'),
  note: z.string().trim().min(1, MESSAGES.required).max(1000, 'This field may not be longer than 1000 characters'),
  date: z.iso.date().optional(),
});
export const creditResponseSchema = z.object({ data: creditSchema });

/**
 * GET projects/{uuid}/budget (doc 2 §6, §9), all times in minutes. refil = all credits, timelog = all time logged,
 * balance = refil − timelog; budget = this period's credit, available = balance; spent and estimated are percentages
 * of budget (estimated adds the open requests' estimates to the time logged this period).
 */
export const budgetSchema = z.object({
  show_panel: z.boolean(),
  refil: z.number().int(),
  timelog: z.number().int(),
  balance: z.number().int(),
  available: z.number().int(),
  budget: z.number().int(),
  period_start: z.string().nullable(),
  period_timelog: z.number().int(),
  spent_percent: z.number(),
  estimated_percent: z.number(),
  rollover: z.enum(ROLLOVER_RULES),
  rollover_cap: z.number().int().nullable(),
  can_adjust: z.boolean(),
  /**
   * The time logged this period and in all, priced at the plan's applicable hourly rates, in cents (USD); null
   * for viewers without CHARGES_READ.
   */
  period_amount_cents: z.number().int().nullable(),
  timelog_amount_cents: z.number().int().nullable(),
});
export type Budget = z.infer<typeof budgetSchema>;
export const budgetResponseSchema = z.object({ data: budgetSchema });

/** PUT projects/{uuid}/budget: the plan's rollover of unused credit (cap in minutes, only with up_to). */
export const rolloverUpdateSchema = z
  .object({
    rollover: z.enum(ROLLOVER_RULES),
    rollover_cap: z.number().int().min(0).max(100_000).nullish(),
  })
  .refine((v) => v.rollover !== 'up_to' || v.rollover_cap != null, {
    path: ['rollover_cap'],
    message: MESSAGES.required,
  });
