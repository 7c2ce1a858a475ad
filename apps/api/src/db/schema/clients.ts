import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';
import { contacts, users } from './users';

/** Clients of the agency (doc 1 §3 "Client (customer)"). */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    uuid: publicId(),
    businessName: text().notNull(),
    status: text().notNull().default('active'),
    abbreviation: text(),
    phone: text(),
    email: text(),
    website: text(),
    /** Desktop and mobile dashboard links. */
    dashboardLink1: text(),
    dashboardLink2: text(),
    /** Notes as plain text (for search and previews) and as the editor's rich-text delta. */
    notes: text(),
    notesDelta: jsonb(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('customers_status_check', sql`${t.status} in ('active', 'inactive')`),
    index('customers_business_name_idx').on(sql`lower(${t.businessName})`),
    index('customers_status_idx').on(t.status),
  ],
);

/** The people on a client (a contact may belong to several clients). */
export const contactCustomers = pgTable(
  'contact_customers',
  {
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.customerId] }),
    index('contact_customers_customer_idx').on(t.customerId),
  ],
);

export type InviteInclusions = Record<
  | 'social_media'
  | 'creative_package'
  | 'video_production'
  | 'website'
  | 'advertising'
  | 'schedule_call_link'
  | 'welcome_kit'
  | 'login_register'
  | 'leadsie_manage_link'
  | 'leadsie_social_link',
  boolean
>;

/**
 * Invitations for a person to join a client's account. Only the SHA-256 of the link token is stored. At most one
 * pending invite per e-mail and client: a second one is a resend (doc 1 §4).
 */
export const customerInvites = pgTable(
  'customer_invites',
  {
    id: id(),
    uuid: publicId(),
    email: text().notNull(),
    status: text().notNull().default('pending'),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The existing contact the invite is for, when one was picked instead of a typed e-mail. */
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    inclusions: jsonb().$type<InviteInclusions>().notNull(),
    tokenHash: text().notNull().unique(),
    invitedById: integer().references(() => users.id, { onDelete: 'set null' }),
    sentCount: integer().notNull().default(1),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('customer_invites_status_check', sql`${t.status} in ('pending', 'cancelled', 'accepted')`),
    uniqueIndex('customer_invites_one_pending_idx').on(t.email, t.customerId).where(sql`${t.status} = 'pending'`),
    index('customer_invites_customer_idx').on(t.customerId),
  ],
);
