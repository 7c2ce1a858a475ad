import { z } from 'zod';
import { MESSAGES } from '../messages';

/** Any text is accepted; the server looks at its first 100 characters and ignores what is not a letter or digit. */
export const globalSearchQuerySchema = z.object({
  search_term: z.string().trim().min(1, MESSAGES.required),
});

/** One match: what to show and where it leads in the web app (a path with its query parameters). */
export const globalSearchHitSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  /** A second line: the plan of a task or request, the client of a plan, a person's e-mail. */
  detail: z.string().nullable(),
  link: z.string(),
});
export type GlobalSearchHit = z.infer<typeof globalSearchHitSchema>;

/** Global search answer, grouped as the header dropdown shows it (doc 1 §2); cms stays empty until that module exists. */
export const globalSearchResponseSchema = z.object({
  data: z.object({
    projects: z.array(globalSearchHitSchema),
    tasks: z.array(globalSearchHitSchema),
    people: z.array(globalSearchHitSchema),
    cms: z.array(globalSearchHitSchema),
    forms: z.array(globalSearchHitSchema),
    clients: z.array(globalSearchHitSchema),
    requests: z.array(globalSearchHitSchema),
  }),
});
export type GlobalSearchResponse = z.infer<typeof globalSearchResponseSchema>;
