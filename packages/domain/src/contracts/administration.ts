import './zod-setup';
import { z } from 'zod';
import type { TimelogCategory } from '../statuses';

/**
 * Administration (issue 21): the agency's billing and invoice settings, one row for the whole agency, and the
 * hourly rates that turn logged hours into money in reports. Money is integer cents (USD); the screens format it
 * with formatUsd (rules/orders.ts).
 */

/** The largest hourly rate: $10,000.00 an hour keeps any report total far inside a safe integer. */
export const MAX_HOURLY_RATE_CENTS = 1_000_000;
export const MAX_INVOICE_NUMBER = 999_999_999;
export const MAX_PAYMENT_TERMS_DAYS = 365;
export const ADMINISTRATION_CURRENCIES = ['USD'] as const;

export const ADMINISTRATION_MESSAGES = {
  legalNameRequired: 'Enter the agency’s legal name',
  legalNameTooLong: 'The legal name may not be longer than 200 characters',
  addressTooLong: 'The address may not be longer than 500 characters',
  taxIdTooLong: 'The tax ID may not be longer than 50 characters',
  taxIdFormat: 'The tax ID may contain letters, digits, spaces, dots, dashes and slashes only',
  controlCharacters: 'Remove the special characters from this text',
  invoicePrefixFormat: 'The invoice prefix may have up to 10 capital letters, digits and dashes',
  nextInvoiceNumber: `The next invoice number must be a whole number from 1 to ${MAX_INVOICE_NUMBER}`,
  paymentTerms: `The payment terms must be a whole number of days from 0 to ${MAX_PAYMENT_TERMS_DAYS}`,
  currency: 'Only USD is supported',
  rate: 'Enter the rate in whole cents, from $0.00 to $10,000.00 an hour',
  logoNotImage: 'The logo must be a PNG, JPEG, GIF or WebP image',
  settingsSaved: 'Billing and invoice settings saved',
  planRatesSaved: 'Plan rates saved',
} as const;

export const TIMELOG_CATEGORY_RATE_LABELS: Record<TimelogCategory, string> = {
  billable: 'Billable',
  'non-billable': 'Non-billable',
  'sgm-non-billable': 'SGM non-billable',
};

// Control characters (other than line breaks in the address) have no place in an invoice header.
const CONTROL = /(?![\n\r\t])\p{Cc}/u;

function settingText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((value) => !CONTROL.test(value), ADMINISTRATION_MESSAGES.controlCharacters);
}

const rateCents = z
  .number(ADMINISTRATION_MESSAGES.rate)
  .int(ADMINISTRATION_MESSAGES.rate)
  .min(0, ADMINISTRATION_MESSAGES.rate)
  .max(MAX_HOURLY_RATE_CENTS, ADMINISTRATION_MESSAGES.rate);

/** One rate per time-log category, in cents an hour. */
export const hourlyRatesSchema = z.object({
  billable: rateCents,
  'non-billable': rateCents,
  'sgm-non-billable': rateCents,
});
export type HourlyRates = z.infer<typeof hourlyRatesSchema>;

/** A plan's overrides: null (or absent) = the agency's rate for that category. */
export const planRatesSchema = z.object({
  billable: rateCents.nullable().optional(),
  'non-billable': rateCents.nullable().optional(),
  'sgm-non-billable': rateCents.nullable().optional(),
});

/**
 * PUT administration: any subset of the settings; what is absent is kept. Empty address and tax id are stored as
 * null. `logo` is an upload uuid from the pre-signed upload flow (null removes the logo).
 */
export const administrationUpdateSchema = z.object({
  legal_name: settingText(200, ADMINISTRATION_MESSAGES.legalNameTooLong)
    .pipe(z.string().min(1, ADMINISTRATION_MESSAGES.legalNameRequired))
    .optional(),
  address: settingText(500, ADMINISTRATION_MESSAGES.addressTooLong).nullable().optional(),
  tax_id: settingText(50, ADMINISTRATION_MESSAGES.taxIdTooLong)
    .refine((value) => /^[\p{L}\p{N} ./-]*$/u.test(value), ADMINISTRATION_MESSAGES.taxIdFormat)
    .nullable()
    .optional(),
  logo: z.uuid().nullable().optional(),
  invoice_prefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{0,10}$/, ADMINISTRATION_MESSAGES.invoicePrefixFormat)
    .optional(),
  next_invoice_number: z
    .number(ADMINISTRATION_MESSAGES.nextInvoiceNumber)
    .int(ADMINISTRATION_MESSAGES.nextInvoiceNumber)
    .min(1, ADMINISTRATION_MESSAGES.nextInvoiceNumber)
    .max(MAX_INVOICE_NUMBER, ADMINISTRATION_MESSAGES.nextInvoiceNumber)
    .optional(),
  payment_terms_days: z
    .number(ADMINISTRATION_MESSAGES.paymentTerms)
    .int(ADMINISTRATION_MESSAGES.paymentTerms)
    .min(0, ADMINISTRATION_MESSAGES.paymentTerms)
    .max(MAX_PAYMENT_TERMS_DAYS, ADMINISTRATION_MESSAGES.paymentTerms)
    .optional(),
  currency: z.enum(ADMINISTRATION_CURRENCIES, ADMINISTRATION_MESSAGES.currency).optional(),
  hourly_rates: hourlyRatesSchema.optional(),
});
export type AdministrationUpdateInput = z.input<typeof administrationUpdateSchema>;

export const administrationSchema = z.object({
  legal_name: z.string(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
  /** The logo's upload uuid, and the URL the app serves it from (null without a logo). */
  logo: z.uuid().nullable(),
  logo_url: z.string().nullable(),
  invoice_prefix: z.string(),
  next_invoice_number: z.number().int(),
  payment_terms_days: z.number().int(),
  currency: z.enum(ADMINISTRATION_CURRENCIES),
  hourly_rates: hourlyRatesSchema,
  updated_at: z.string().nullable(),
});
export type Administration = z.infer<typeof administrationSchema>;
export const administrationResponseSchema = z.object({ data: administrationSchema });

/** PUT administration/plan-rates/{project_uuid}: the plan's overrides as a whole (a null clears one). */
export const planRatesUpdateSchema = z.object({ hourly_rates: planRatesSchema });
export type PlanRatesUpdateInput = z.input<typeof planRatesUpdateSchema>;

export const planRatesRowSchema = z.object({
  project_uuid: z.uuid(),
  title: z.string(),
  customer_name: z.string().nullable(),
  /** The overrides only; a category without one is null (the agency's rate applies). */
  hourly_rates: z.object({
    billable: z.number().int().nullable(),
    'non-billable': z.number().int().nullable(),
    'sgm-non-billable': z.number().int().nullable(),
  }),
});
export type PlanRatesRow = z.infer<typeof planRatesRowSchema>;
export const planRatesResponseSchema = z.object({ data: planRatesRowSchema });
/** GET administration/plan-rates: the plans that have at least one override. */
export const planRatesListResponseSchema = z.object({ data: z.array(planRatesRowSchema) });

export const projectUuidParam = z.object({ project_uuid: z.uuid() });

/**
 * The amount for logged minutes at an hourly rate, in cents, rounded half up to the cent. Reports price each time
 * log on its own (as an invoice line) and sum those amounts (apps/api/src/modules/administration/money.ts).
 */
export function amountCents(minutes: number, rateCentsPerHour: number): number {
  return Math.round((minutes * rateCentsPerHour) / 60);
}

/** The rate that applies: the plan's override for the category, else the agency's. */
export function applicableRate(
  category: TimelogCategory,
  agency: HourlyRates,
  plan?: Partial<Record<TimelogCategory, number | null>> | null,
): number {
  return plan?.[category] ?? agency[category];
}
