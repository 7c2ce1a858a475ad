import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { projects } from './plans';
import { users } from './users';

/**
 * The agency's billing and invoice settings (modules/administration): one row (id 1) for the whole agency. Rates
 * are integer cents an hour per time-log category; the logo is an upload held by ('agency_logo', 1).
 */
export const administrationSettings = pgTable(
  'administration_settings',
  {
    id: integer().primaryKey().default(1),
    legalName: text().notNull().default(''),
    address: text(),
    taxId: text(),
    invoicePrefix: text().notNull().default('INV-'),
    nextInvoiceNumber: integer().notNull().default(1),
    paymentTermsDays: integer().notNull().default(30),
    currency: text().notNull().default('USD'),
    billableRateCents: integer().notNull().default(0),
    nonBillableRateCents: integer().notNull().default(0),
    sgmNonBillableRateCents: integer().notNull().default(0),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('administration_settings_single_row', sql`${t.id} = 1`),
    check('administration_settings_currency_check', sql`${t.currency} = 'USD'`),
    check(
      'administration_settings_rates_check',
      sql`${t.billableRateCents} >= 0 and ${t.nonBillableRateCents} >= 0 and ${t.sgmNonBillableRateCents} >= 0`,
    ),
  ],
);

/** A plan's own hourly rate for one time-log category; absent = the agency's rate. */
export const planHourlyRates = pgTable(
  'plan_hourly_rates',
  {
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    category: text().notNull(),
    rateCents: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.category] }),
    check('plan_hourly_rates_category_check', sql`${t.category} in ('billable', 'non-billable', 'sgm-non-billable')`),
    check('plan_hourly_rates_rate_check', sql`${t.rateCents} >= 0`),
  ],
);
