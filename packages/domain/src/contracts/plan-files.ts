import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './common';
import { uploadSchema } from './uploads';

/** GET projects/{uuid}/files: the files attached to the plan's tasks and requests, newest first, paged. */
export const planFilesQuerySchema = z.object({ page: pageQuerySchema });

/** A file with the task or request holding it (the plan page's Files tab links each to where it was attached). */
export const planFileSchema = uploadSchema.extend({
  holder: z.object({ type: z.enum(['task', 'request']), uuid: z.uuid(), title: z.string() }),
});
export type PlanFile = z.infer<typeof planFileSchema>;
export const planFilesResponseSchema = listResponseSchema(planFileSchema);
