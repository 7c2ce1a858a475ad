import { z } from 'zod';
import { MESSAGES } from '../messages';
import { USER_TYPES } from '../user-types';

export const globalSearchQuerySchema = z.object({
  search_term: z.string().trim().min(1, MESSAGES.required).max(100),
});

const titled = z.object({ uuid: z.uuid(), title: z.string() });

/** Global search answer, grouped as the header dropdown shows it (doc 1 §2). Groups fill as their modules land. */
export const globalSearchResponseSchema = z.object({
  data: z.object({
    projects: z.array(titled),
    tasks: z.array(titled),
    people: z.array(
      z.object({ uuid: z.uuid(), name: z.string(), email: z.string().nullable(), type: z.enum(USER_TYPES) }),
    ),
    cms: z.array(titled),
    forms: z.array(titled),
    clients: z.array(titled),
    requests: z.array(titled),
  }),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;
