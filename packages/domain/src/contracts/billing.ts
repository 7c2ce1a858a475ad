import { z } from 'zod';
import { listResponseSchema } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany } from './lists';

/**
 * The card payment provider (Stripe, issue 21 part C). Money is integer cents (USD); dates are the agency's calendar
 * days (YYYY-MM-DD). The API key and webhook secret go in and never come back: answers carry a masked hint.
 */

export const BILLING_MESSAGES = {
  keyShape: 'Enter a Stripe secret key (it starts with sk_ or rk_)',
  webhookSecretShape: 'Enter the webhook signing secret (it starts with whsec_)',
  notConnected: 'Enter the Stripe API key first.',
  testFailed: 'Stripe refused the key or could not be reached. Check the key and try again.',
  syncStarted: 'The invoices are being synchronised with Stripe.',
  badSignature: 'The Stripe signature could not be verified.',
  webhookNotConfigured: 'Stripe webhooks are not configured.',
  overdueRefused: (client: string, days: number) =>
    `${client} has an invoice overdue by ${days} days. Requests for this client are paused until it is paid.`,
  overdueWarning: (client: string, days: number) => `${client} has an invoice overdue by ${days} days.`,
  overdueTitle: 'Invoice overdue',
  overdueBody: (client: string, number: string, days: number) =>
    `${client}'s invoice ${number} is ${days} ${days === 1 ? 'day' : 'days'} overdue.`,
} as const;

export const OVERDUE_REQUEST_POLICIES = ['off', 'warn', 'refuse'] as const;
export type OverdueRequestPolicy = (typeof OVERDUE_REQUEST_POLICIES)[number];
/** The overdue notices: one per invoice at each of these days overdue. */
export const OVERDUE_NOTICE_STAGES = [1, 7, 30] as const;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** GET billing/stripe: what is set, never the values. */
export const stripeSettingsSchema = z.object({
  api_key_set: z.boolean(),
  api_key_hint: z.string().nullable(),
  webhook_secret_set: z.boolean(),
  webhook_secret_hint: z.string().nullable(),
  overdue_request_policy: z.enum(OVERDUE_REQUEST_POLICIES),
  overdue_days: z.number().int(),
  last_synced_at: z.iso.datetime().nullable(),
  last_sync_error: z.string().nullable(),
});
export type StripeSettings = z.infer<typeof stripeSettingsSchema>;
export const stripeSettingsResponseSchema = z.object({ data: stripeSettingsSchema });

/**
 * PUT billing/stripe: a key or secret given is replaced, `null` clears it (Disconnect), absent keeps it. The policy
 * warns or refuses a new request for a client with an invoice overdue more than `overdue_days`.
 */
export const stripeSettingsInputSchema = z.object({
  api_key: z
    .string()
    .trim()
    .max(255)
    .regex(/^(sk|rk)_[A-Za-z0-9_]{8,}$/, BILLING_MESSAGES.keyShape)
    .nullish(),
  webhook_secret: z
    .string()
    .trim()
    .max(255)
    .regex(/^whsec_[A-Za-z0-9_+/=]{8,}$/, BILLING_MESSAGES.webhookSecretShape)
    .nullish(),
  overdue_request_policy: z.enum(OVERDUE_REQUEST_POLICIES).optional(),
  overdue_days: z.number().int().min(0).max(365).optional(),
});
export type StripeSettingsInput = z.input<typeof stripeSettingsInputSchema>;

export const stripeTestResponseSchema = z.object({
  data: z.object({ ok: z.literal(true), account: z.string().nullable(), available_cents: z.number().int() }),
});
export const stripeSyncResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true) });

export const overdueInvoiceSchema = z.object({
  uuid: z.uuid(),
  customer: customerRefSchema.nullable(),
  number: z.string().nullable(),
  amount_due_cents: z.number().int(),
  amount_remaining_cents: z.number().int(),
  currency: z.literal('USD'),
  due_date: z.iso.date(),
  days_overdue: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  hosted_invoice_url: z.string().nullable(),
});
export type OverdueInvoice = z.infer<typeof overdueInvoiceSchema>;

export const OVERDUE_INVOICE_SORT_FIELDS = ['days_overdue', 'amount', 'customer', 'number'] as const;
export const overdueInvoiceListQuerySchema = listQuerySchema({
  filters: { customer_uuid: oneOrMany(z.uuid()) },
  sortBy: OVERDUE_INVOICE_SORT_FIELDS,
});
export const overdueInvoiceListResponseSchema = listResponseSchema(overdueInvoiceSchema);

export const failedPaymentSchema = z.object({
  uuid: z.uuid(),
  customer: customerRefSchema.nullable(),
  invoice_number: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.literal('USD'),
  reason: z.string().nullable(),
  failed_at: z.iso.datetime(),
});
export type FailedPayment = z.infer<typeof failedPaymentSchema>;
export const failedPaymentListQuerySchema = listQuerySchema({
  filters: { customer_uuid: oneOrMany(z.uuid()) },
  sortBy: ['failed_at'] as const,
});
export const failedPaymentListResponseSchema = listResponseSchema(failedPaymentSchema);

/** GET billing/client-standing?project_id: whether a new request for this plan's client is warned or refused. */
export const clientStandingQuerySchema = z.object({ project_id: z.uuid() });
export const clientStandingResponseSchema = z.object({
  data: z.object({
    policy: z.enum(OVERDUE_REQUEST_POLICIES),
    days_overdue: z.number().int(),
    message: z.string().nullable(),
  }),
});
