import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';
import { projects } from './plans';
import { requestTypes } from './requests';
import { users } from './users';

/**
 * Client orders (issue 20, /onboarding/orders): services of the catalogue (request types) a client bought. The
 * total is kept here, written with the lines in one transaction by the orders module's one total function.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    uuid: publicId(),
    /** The number people quote ("order 1004"); from its own sequence, never reused. */
    number: integer().notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text().notNull().default('draft'),
    totalCents: integer().notNull().default(0),
    /** Issue 22: the code given with the order (as typed) and what it took off the lines' sum; total = sum − this. */
    discountCode: text(),
    discountCents: integer().notNull().default(0),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    placedAt: timestamp({ withTimezone: true }),
    placedById: integer().references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('draft', 'placed', 'paid', 'cancelled')`),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * An order's lines. Name, price, what it sells and the reload minutes are copied from the service when the line is
 * written, so a later catalogue change never rewrites an order; `project_id` is the plan the line created or
 * updated when the order was placed.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    uuid: publicId(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    requestTypeId: integer().references(() => requestTypes.id, { onDelete: 'set null' }),
    name: text().notNull(),
    sells: text().notNull(),
    unitPriceCents: integer().notNull(),
    quantityHundredths: integer().notNull(),
    totalCents: integer().notNull(),
    planReloadMinutes: integer(),
    projectId: integer().references(() => projects.id, { onDelete: 'set null' }),
    /** created | updated: what placing the order did to that plan. */
    planEffect: text(),
  },
  (t) => [
    check('order_lines_quantity_check', sql`${t.quantityHundredths} > 0`),
    check('order_lines_price_check', sql`${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0`),
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_project_idx').on(t.projectId),
  ],
);
