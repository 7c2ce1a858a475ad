import { z } from 'zod';
import { MESSAGES } from '../messages';
import { CONTACT_STATUSES } from '../statuses';
import { USER_TYPES } from '../user-types';
import { emailField, flagSchema, listResponseSchema, optionalText, phoneField, requiredText } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany } from './lists';

/** Colour scheme choices: follow the device, or always light / dark. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const contactPreferencesSchema = z.object({
  email_notifications: flagSchema,
  sms_notifications: flagSchema.nullable(),
  push_notifications: flagSchema,
  /** '1': whoever creates a task follows it (doc 2 §3); staff and freelancers set it on their Profile. */
  auto_follow_tasks: flagSchema.optional(),
  /** The colour scheme the person chose in the profile menu; unset follows the device ('system'). */
  theme: z.enum(THEME_CHOICES).optional(),
});
export type ContactPreferences = z.infer<typeof contactPreferencesSchema>;

/** Contact (doc 1 §3). user is the login behind the person, if any; roles only for staff and freelancers. */
export const contactSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  job_title: z.string().nullable(),
  customers: z.array(customerRefSchema),
  status: z.enum(CONTACT_STATUSES),
  type: z.enum(USER_TYPES),
  user: z.object({ uuid: z.uuid() }).nullable(),
  roles: z.array(z.object({ uuid: z.uuid(), name: z.string() })),
  preferences: contactPreferencesSchema,
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = listQuerySchema({
  filters: {
    customer_id: z.uuid(),
    status: oneOrMany(z.enum(CONTACT_STATUSES)),
    type: oneOrMany(z.enum(USER_TYPES)),
  },
  sortBy: ['name', 'created_at', 'type', 'status', 'email', 'job_title'],
});
export const contactListResponseSchema = listResponseSchema(contactSchema);
export const contactResponseSchema = z.object({ data: contactSchema });

/**
 * Email and SMS cannot both be off (doc 1 §5). Checked wherever preferences are written.
 * sms null means "never asked", which counts as off.
 */
export function hasNotificationChannel(p: Pick<ContactPreferences, 'email_notifications' | 'sms_notifications'>) {
  return p.email_notifications === '1' || p.sms_notifications === '1';
}

const preferencesInput = contactPreferencesSchema.partial().optional();

/** New user / contact (CONTACTS_CREATE). Staff and freelancers with an e-mail get a login and a set-password e-mail. */
export const contactCreateSchema = z.object({
  name: requiredText(255),
  email: emailField.nullish(),
  phone: phoneField,
  job_title: optionalText(255),
  type: z.enum(USER_TYPES),
  status: z.enum(CONTACT_STATUSES).optional(),
  customers: z.array(z.uuid()).max(200).optional(),
  roles: z.array(z.uuid()).max(50).optional(),
  preferences: preferencesInput,
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

/** PUT contacts/{uuid}: changed fields; customer_id attaches the contact to one more client. */
export const contactUpdateSchema = contactCreateSchema.partial().extend({
  customer_id: z.uuid().optional(),
});
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

export const CONTACT_CHANNEL_MESSAGE = MESSAGES.channelRequired;
