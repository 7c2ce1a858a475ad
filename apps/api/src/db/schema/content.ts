import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';
import { projects } from './plans';
import { users } from './users';

/**
 * Content plans (issue 22, /content): one post for one platform on a plan. The caption is plain text checked
 * against the platform's limit (packages/domain content/rules.ts); media are uploads held as 'content_item'.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: id(),
    uuid: publicId(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    platform: text().notNull(),
    caption: text().notNull().default(''),
    scheduledAt: timestamp({ withTimezone: true }),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().notNull().default('draft'),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'content_items_platform_check',
      sql`${t.platform} in ('instagram', 'facebook', 'linkedin', 'x', 'tiktok', 'youtube', 'blog', 'newsletter')`,
    ),
    check(
      'content_items_status_check',
      sql`${t.status} in ('draft', 'in_review', 'changes_requested', 'approved', 'scheduled', 'published')`,
    ),
    index('content_items_project_scheduled_idx').on(t.projectId, t.scheduledAt, t.id),
    index('content_items_scheduled_idx').on(t.scheduledAt, t.id),
    index('content_items_assignee_idx').on(t.assigneeId),
  ],
);

/**
 * An approval link: a batch of one plan's items sent to the client's contacts. Only the token's SHA-256 is kept;
 * a link expires and can be revoked (the row stays, so the page can say which).
 */
export const contentApprovals = pgTable(
  'content_approvals',
  {
    id: id(),
    uuid: publicId(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    tokenHint: text().notNull(),
    /** The addresses the link went to, as sent (the contacts may change later). */
    sentTo: text().array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('content_approvals_project_idx').on(t.projectId, t.createdAt)],
);

/** The items of one approval batch, and the client's answer on each. */
export const contentApprovalItems = pgTable(
  'content_approval_items',
  {
    approvalId: integer()
      .notNull()
      .references(() => contentApprovals.id, { onDelete: 'cascade' }),
    contentItemId: integer()
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    decision: text(),
    comment: text(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.approvalId, t.contentItemId] }),
    index('content_approval_items_item_idx').on(t.contentItemId),
    check('content_approval_items_decision_check', sql`${t.decision} in ('approve', 'request_changes')`),
  ],
);
