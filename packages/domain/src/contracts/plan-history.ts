import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './common';

/**
 * GET projects/{uuid}/history (doc 1 §7, "project history"): the plan's own activity, newest first, paged like every
 * list. Only names of what changed travel, never values (the audit trail keeps no copies of the data).
 */
export const planHistoryQuerySchema = z.object({ page: pageQuerySchema });

/** What happened to the plan: created, edited, deleted, or its credit or rollover rule changed ('budget'). */
export const planHistoryEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  action: z.string(),
  /** Names of the fields that changed (the plan's edit form's fields; 'credits' or 'rollover' for budget changes). */
  fields: z.array(z.string()),
});
export type PlanHistoryEntry = z.infer<typeof planHistoryEntrySchema>;
export const planHistoryResponseSchema = listResponseSchema(planHistoryEntrySchema);
