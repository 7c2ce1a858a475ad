import { z } from 'zod';
import { INVITE_INCLUSIONS, INVITE_STATUSES } from '../statuses';
import { emailField, listResponseSchema } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany } from './lists';

const inclusionShape = Object.fromEntries(INVITE_INCLUSIONS.map((k) => [k, z.boolean()])) as Record<
  (typeof INVITE_INCLUSIONS)[number],
  z.ZodBoolean
>;

/** Customer invite (doc 1 §3). user_id is the uuid of the existing contact it was sent to, if one was picked. */
export const customerInviteSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  status: z.enum(INVITE_STATUSES),
  customer_id: z.uuid(),
  customer: customerRefSchema,
  user_id: z.uuid().nullable(),
  ...inclusionShape,
  sent_count: z.number().int(),
  last_sent_at: z.string(),
  created_at: z.string(),
});
export type CustomerInvite = z.infer<typeof customerInviteSchema>;

export const inviteListQuerySchema = listQuerySchema({
  filters: { status: oneOrMany(z.enum(INVITE_STATUSES)), customer_id: z.uuid() },
  sortBy: ['created_at', 'email'],
});
export const inviteListResponseSchema = listResponseSchema(customerInviteSchema);

/**
 * POST customer-invite: an existing contact (user_id) or a typed e-mail, for a client. A new invite for an e-mail
 * that already has a pending one for that client is a resend.
 */
export const inviteCreateSchema = z
  .object({
    email: emailField.optional(),
    customer_id: z.uuid(),
    user_id: z.uuid().optional(),
    ...Object.fromEntries(INVITE_INCLUSIONS.map((k) => [k, z.boolean().optional()])),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.user_id), { path: ['email'], message: 'This field is required' });
export type InviteCreateInput = z.input<typeof inviteCreateSchema>;

export const inviteUpdateSchema = z.object({ status: z.literal('cancelled') });
export const inviteResponseSchema = z.object({ data: customerInviteSchema, message: z.string().optional() });

/** What the register and login pages show for an invite link, before anyone signs in. */
export const invitePreviewSchema = z.object({
  data: z.object({ email: z.string(), customer: customerRefSchema, status: z.enum(INVITE_STATUSES) }),
});
export const inviteTokenSchema = z.object({ token: z.string().min(1).max(200) });
