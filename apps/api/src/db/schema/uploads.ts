import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId } from './columns';
import { users } from './users';

/**
 * Files (doc 2 §3 Upload, §7). A row starts pending when a pre-signed URL is issued; the server verifies the stored
 * bytes (size, magic bytes, image dimensions) before it becomes `stated`, and only stated uploads may be held.
 *
 * An upload is held by at most one thing, named by (holder_type, holder_id): a task, a request, a comment, a client
 * (images in its notes), a user (a mass-download zip), a form answer (files of its upload questions) or a post (its
 * cover image, 'post_cover': at most one per post, by the partial unique index uploads_one_post_cover). The holder decides who may see the file
 * (modules/uploads/holder-access.ts). Unheld uploads older than 24 h are removed by the cleanup job.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    uuid: publicId(),
    /** The sanitised file name shown to people; never part of the storage key. */
    name: text().notNull(),
    extension: text().notNull(),
    size: bigint({ mode: 'number' }).notNull().default(0),
    /** The storage key of the bytes (modules/uploads/storage); derived from the uuid only. */
    url: text().notNull(),
    /** The bytes were verified against the declaration ('stated' in the spec). */
    stated: boolean().notNull().default(false),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** attachment | in-message (editor images) | export (a mass-download zip). */
    kind: text().notNull().default('attachment'),
    contentType: text().notNull().default('application/octet-stream'),
    width: integer(),
    height: integer(),
    thumbnailKey: text(),
    holderType: text(),
    holderId: integer(),
    attachedAt: timestamp({ withTimezone: true }),
    statedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('uploads_kind_check', sql`${t.kind} in ('attachment', 'in-message', 'export')`),
    check(
      'uploads_holder_check',
      sql`(${t.holderType} is null and ${t.holderId} is null) or (${t.holderType} in ('task', 'request', 'comment', 'customer', 'user', 'form_answer', 'onboarding_item', 'onboarding_welcome', 'agency_logo', 'content_item', 'post_cover') and ${t.holderId} is not null)`,
    ),
    index('uploads_holder_idx').on(t.holderType, t.holderId),
    index('uploads_unheld_created_idx').on(t.createdAt).where(sql`${t.holderType} is null`),
    // One cover per post, whatever two editors send at once.
    uniqueIndex('uploads_one_post_cover').on(t.holderId).where(sql`${t.holderType} = 'post_cover'`),
  ],
);
