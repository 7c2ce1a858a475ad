import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productTypes } from './catalog';
import { customers } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';
import { orders } from './orders';
import { requestTypes } from './requests';
import { users } from './users';

/**
 * Discount codes (issue 22, /discounts). `value` is a percent (1–100) or USD cents by `type`. `redemptions_count`
 * counts the live (not released) redemptions and is only changed while the row is locked (FOR UPDATE) by the
 * discounts module's redeem/release commands, so the limits hold under concurrent orders.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    uuid: publicId(),
    code: text().notNull(),
    type: text().notNull(),
    value: integer().notNull(),
    /**
     * False: the code applies to every service; true: only to the services in discount_services and the services
     * of the product types in discount_product_types (the name predates product types; a rename buys nothing).
     */
    limitedToServices: boolean().notNull().default(false),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    maxRedemptions: integer(),
    maxPerCustomer: integer(),
    active: boolean().notNull().default(true),
    redemptionsCount: integer().notNull().default(0),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discounts_code_lower_idx').on(sql`lower(${t.code})`),
    check('discounts_type_check', sql`${t.type} in ('percent', 'fixed')`),
    check('discounts_value_check', sql`${t.value} > 0 and (${t.type} <> 'percent' or ${t.value} <= 100)`),
    check(
      'discounts_limits_check',
      sql`(${t.maxRedemptions} is null or ${t.maxRedemptions} > 0) and (${t.maxPerCustomer} is null or ${t.maxPerCustomer} > 0)`,
    ),
    check(
      'discounts_count_check',
      sql`${t.redemptionsCount} >= 0 and (${t.maxRedemptions} is null or ${t.redemptionsCount} <= ${t.maxRedemptions})`,
    ),
    index('discounts_created_idx').on(t.createdAt, t.id),
  ],
);

/** The services a limited code applies to. */
export const discountServices = pgTable(
  'discount_services',
  {
    discountId: integer()
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    requestTypeId: integer()
      .notNull()
      .references(() => requestTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.requestTypeId] })],
);

/**
 * The product types a limited code applies to: a line matches when its service is of one of them (issue 22).
 * Deleting a product type drops it from codes, as deleting a service does; `limited_to_services` keeps a code left
 * with no scope applying to none rather than to all.
 */
export const discountProductTypes = pgTable(
  'discount_product_types',
  {
    discountId: integer()
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.productTypeId] }),
    index('discount_product_types_type_idx').on(t.productTypeId),
  ],
);

/**
 * One row per order that used a code, written when the order is placed. A cancelled order releases its redemption
 * (`released_at`), which gives the use back to the limits; the row stays as history.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: id(),
    uuid: publicId(),
    discountId: integer()
      .notNull()
      .references(() => discounts.id, { onDelete: 'restrict' }),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('discount_redemptions_amount_check', sql`${t.amountCents} >= 0`),
    index('discount_redemptions_discount_idx').on(t.discountId, t.createdAt),
    index('discount_redemptions_customer_idx').on(t.discountId, t.customerId),
  ],
);
