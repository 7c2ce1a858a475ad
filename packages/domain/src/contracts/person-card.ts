import { z } from 'zod';
import { CONTACT_STATUSES } from '../statuses';
import { USER_TYPES } from '../user-types';

/**
 * The user popover (doc 2 §2: avatar, name, job title, phone, e-mail with copy), read by the login's uuid — the uuid
 * every answer names people by (assignees, comment authors, requesters, dashboard activity).
 *
 * `email` and `phone` are null both when the person has none and when the caller may not read them; `profile_url`
 * is the person's page when the caller may open it. The web app shows what it gets and never re-derives the rule.
 */
export const personCardSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  job_title: z.string().nullable(),
  type: z.enum(USER_TYPES),
  status: z.enum(CONTACT_STATUSES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profile_url: z.string().nullable(),
});
export type PersonCard = z.infer<typeof personCardSchema>;

export const personCardResponseSchema = z.object({ data: personCardSchema });
