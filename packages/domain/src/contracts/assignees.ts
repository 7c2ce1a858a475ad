import { z } from 'zod';
import { APP_USER_TYPES } from '../user-types';
import { listResponseSchema } from './common';
import { listQuerySchema, oneOrMany } from './lists';

/**
 * GET assignees (doc 2 §7, "GET assignees … for filters"): the people responsible for at least one task the caller
 * can see — the choices of the Assignees filters. search_term narrows by name; sorted by name.
 */
export const assigneeListQuerySchema = listQuerySchema({
  filters: { type: oneOrMany(z.enum(APP_USER_TYPES)) },
  sortBy: ['name'],
});
export const assigneeSchema = z.object({
  /** The user's uuid, as task filters (related_users.uuid) and payloads take it. */
  uuid: z.uuid(),
  name: z.string(),
  type: z.enum(APP_USER_TYPES),
});
export type Assignee = z.infer<typeof assigneeSchema>;
export const assigneeListResponseSchema = listResponseSchema(assigneeSchema);
