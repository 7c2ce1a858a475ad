import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';
import { requests, requestTypes } from './requests';
import { uploads } from './uploads';
import { users } from './users';

/**
 * Forms (issue 20). `questions` is the working copy the builder edits; answers never point at it but at a frozen
 * form_versions row, so editing a published form cannot change what an earlier answer answered.
 */
export const forms = pgTable(
  'forms',
  {
    id: id(),
    uuid: publicId(),
    name: text().notNull(),
    description: text(),
    thankYouText: text(),
    isPublic: boolean().notNull().default(true),
    status: text().notNull().default('draft'),
    questions: jsonb().notNull().default(sql`'[]'::jsonb`),
    /** The blueprint it started from; a request type's blueprint names the type answers convert into by default. */
    blueprintKey: text(),
    requestTypeId: integer().references(() => requestTypes.id, { onDelete: 'set null' }),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Kept in the answer's transaction so the forms list needs no count over the answers. */
    answersCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('forms_status_check', sql`${t.status} in ('draft', 'published', 'archived')`),
    index('forms_name_idx').on(sql`lower(${t.name})`),
    index('forms_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** A published version: the questions exactly as they were frozen, numbered 1, 2, … per form. */
export const formVersions = pgTable(
  'form_versions',
  {
    id: id(),
    uuid: publicId(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    questions: jsonb().notNull(),
    publishedById: integer().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('form_versions_form_number_idx').on(t.formId, t.number)],
);

/**
 * Share links. Only the SHA-256 of the token is stored (the plain token is shown once, when the link is made);
 * `token_hint` is its last characters, so staff can tell links apart in a list.
 */
export const formShareLinks = pgTable(
  'form_share_links',
  {
    id: id(),
    uuid: publicId(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    tokenHint: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('form_share_links_form_idx').on(t.formId)],
);

/** One answer to one frozen version, by staff (/submit) or through a share link. */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: id(),
    uuid: publicId(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'restrict' }),
    formVersionId: integer()
      .notNull()
      .references(() => formVersions.id, { onDelete: 'restrict' }),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    values: jsonb().notNull(),
    /** answerCompletion of the values against the version, 0–100, kept for the list's sort and column. */
    completion: smallint().notNull(),
    source: text().notNull(),
    submittedById: integer().references(() => users.id, { onDelete: 'set null' }),
    shareLinkId: integer().references(() => formShareLinks.id, { onDelete: 'set null' }),
    requestId: integer().references(() => requests.id, { onDelete: 'set null' }),
    convertedCustomerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('form_answers_source_check', sql`${t.source} in ('staff', 'link')`),
    check('form_answers_completion_check', sql`${t.completion} between 0 and 100`),
    // The list's default order and its keyset-friendly tie-break; the filtered variants lead with their filter.
    index('form_answers_created_idx').on(t.createdAt, t.id),
    index('form_answers_form_created_idx').on(t.formId, t.createdAt, t.id),
    index('form_answers_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('form_answers_version_idx').on(t.formVersionId),
  ],
);

/** A partial public answer, kept per link and device (the device key is stored hashed, as a bearer of the draft). */
export const formDrafts = pgTable(
  'form_drafts',
  {
    id: id(),
    shareLinkId: integer()
      .notNull()
      .references(() => formShareLinks.id, { onDelete: 'cascade' }),
    deviceKeyHash: text().notNull(),
    values: jsonb().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('form_drafts_link_device_idx').on(t.shareLinkId, t.deviceKeyHash),
    index('form_drafts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * Files uploaded through a share link's page (no account): which link and device made each pending upload, so a
 * public answer can hold only files sent through its own link from the same device. Unheld uploads are removed by
 * the uploads cleanup job after 24 h, and these rows with them.
 */
export const formLinkUploads = pgTable(
  'form_link_uploads',
  {
    uploadId: integer()
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    shareLinkId: integer()
      .notNull()
      .references(() => formShareLinks.id, { onDelete: 'cascade' }),
    deviceKeyHash: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('form_link_uploads_link_device_idx').on(t.shareLinkId, t.deviceKeyHash)],
);
