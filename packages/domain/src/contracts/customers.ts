import { z } from 'zod';
import { richTextDelta } from '../rich-text/schema';
import { CLIENT_STATUSES } from '../statuses';
import { httpUrlField, listResponseSchema, optionalText, phoneField, requiredText } from './common';
import { listQuerySchema, oneOrMany } from './lists';
import { uploadSchema } from './uploads';

export const customerRefSchema = z.object({ uuid: z.uuid(), business_name: z.string() });
export type CustomerRef = z.infer<typeof customerRefSchema>;

/** Client (customer), doc 1 §3. */
export const customerSchema = z.object({
  uuid: z.uuid(),
  business_name: z.string(),
  status: z.enum(CLIENT_STATUSES),
  abbreviation: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  dashboard_link_1: z.string().nullable(),
  dashboard_link_2: z.string().nullable(),
  notes: z.string().nullable(),
  notes_delta: z.unknown().nullable(),
  uploads: z.array(uploadSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListItemSchema = customerSchema
  .pick({ uuid: true, business_name: true, status: true, abbreviation: true, phone: true, email: true, website: true })
  .extend({ plans_count: z.number().int(), contacts_count: z.number().int(), created_at: z.string() });
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerListQuerySchema = listQuerySchema({
  filters: { status: oneOrMany(z.enum(CLIENT_STATUSES)) },
  sortBy: ['business_name', 'created_at', 'status', 'abbreviation', 'email', 'plans_count', 'contacts_count'],
});
export const customerListResponseSchema = listResponseSchema(customerListItemSchema);

/** The client form (Company Name = business_name, required). notes_delta is the editor's delta; uploads are ids. */
export const customerInputSchema = z.object({
  business_name: requiredText(255),
  status: z.enum(CLIENT_STATUSES).optional(),
  abbreviation: optionalText(20),
  phone: phoneField,
  email: z.union([z.literal(''), z.email()]).nullish(),
  website: httpUrlField,
  dashboard_link_1: httpUrlField,
  dashboard_link_2: httpUrlField,
  notes: z.string().max(200_000).nullish(),
  notes_delta: richTextDelta.nullish(),
  uploads: z.array(z.uuid()).max(500).optional(),
});
export type CustomerInput = z.input<typeof customerInputSchema>;
/** PUT sends the changed fields only (autosave). */
export const customerUpdateSchema = customerInputSchema.partial();

export const customerResponseSchema = z.object({ data: customerSchema });
