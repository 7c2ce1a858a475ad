import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles } from './access';
import { customerInvites, customers, type InviteInclusions } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';
import { formShareLinks, forms } from './forms';
import { uploads } from './uploads';
import { users } from './users';

/**
 * Client onboarding (issue 20). The process is one agency-wide ordered list of steps; the built-in keys carry
 * behaviour (contracts/onboarding.ts ONBOARDING_BUILTIN_STEPS), custom ones are ticked by hand.
 */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    id: id(),
    key: text().notNull().unique(),
    name: text().notNull(),
    position: integer().notNull(),
    builtin: boolean().notNull().default(false),
    /** The inclusion the step depends on (null: every client). */
    inclusion: text(),
    ownerRoleId: integer().references(() => roles.id, { onDelete: 'set null' }),
    stuckAfterDays: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('onboarding_steps_stuck_check', sql`${t.stuckAfterDays} is null or ${t.stuckAfterDays} > 0`)],
);

/**
 * The one settings row (id 1): the process's reminder interval, the information form and the welcome kit. Its
 * files are uploads held by 'onboarding_welcome' 1.
 */
export const onboardingSettings = pgTable(
  'onboarding_settings',
  {
    id: integer().primaryKey(),
    remindEveryDays: integer(),
    informationFormId: integer().references(() => forms.id, { onDelete: 'set null' }),
    welcomeBodyDelta: jsonb(),
    scheduleCallLink: text(),
    leadsieManageLink: text(),
    leadsieSocialLink: text(),
    welcomeUpdatedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('onboarding_settings_single_row', sql`${t.id} = 1`)],
);

/** What the agency needs for each service inclusion; items copy it when an onboarding starts. */
export const onboardingRequirements = pgTable(
  'onboarding_requirements',
  {
    id: id(),
    uuid: publicId(),
    inclusion: text().notNull(),
    name: text().notNull(),
    kind: text().notNull(),
    instructions: text(),
    link: text(),
    linkUrl: text(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('onboarding_requirements_kind_check', sql`${t.kind} in ('file', 'text', 'link_confirmation', 'credential')`),
    index('onboarding_requirements_inclusion_idx').on(t.inclusion, t.position),
  ],
);

/**
 * One client's onboarding. `inclusions` is the snapshot that decided its steps and items. progress, the current
 * step and since when, and the last activity are kept on every write so the board is one indexed read.
 */
export const onboardings = pgTable(
  'onboardings',
  {
    id: id(),
    uuid: publicId(),
    customerId: integer()
      .notNull()
      .unique()
      .references(() => customers.id, { onDelete: 'cascade' }),
    inviteId: integer().references(() => customerInvites.id, { onDelete: 'set null' }),
    inclusions: jsonb().$type<InviteInclusions>().notNull(),
    status: text().notNull().default('open'),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    progress: smallint().notNull().default(0),
    currentStepKey: text(),
    currentStepName: text(),
    currentStepSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the current step counts as stuck (its stuck_after_days past currentStepSince); null: never. */
    stuckAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastRemindedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** The information form's share link made for this client; its token sealed (secret-box) for the page. */
    informationLinkId: integer().references(() => formShareLinks.id, { onDelete: 'set null' }),
    informationLinkToken: text(),
    createdAt: createdAt(),
  },
  (t) => [
    check('onboardings_status_check', sql`${t.status} in ('open', 'done')`),
    check('onboardings_progress_check', sql`${t.progress} between 0 and 100`),
    index('onboardings_status_progress_idx').on(t.status, t.progress, t.id),
    index('onboardings_status_started_idx').on(t.status, t.startedAt, t.id),
    index('onboardings_status_activity_idx').on(t.status, t.lastActivityAt, t.id),
  ],
);

/**
 * The client's page links. The page finds a link by the token's SHA-256; the token itself is kept only sealed by the
 * secret box (`sealed_token`), so reminders and later invites can carry the same link. A renewed link revokes the
 * one before, which then says so.
 */
export const onboardingLinks = pgTable(
  'onboarding_links',
  {
    id: id(),
    onboardingId: integer()
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    sealedToken: text().notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('onboarding_links_onboarding_idx').on(t.onboardingId)],
);

/**
 * One item per applicable requirement, copied when it applied. A credential's value is in `secret_value`, sealed
 * by the secret box (never plain); `text_value` holds text answers only. Files are uploads held by
 * 'onboarding_item'.
 */
export const onboardingItems = pgTable(
  'onboarding_items',
  {
    id: id(),
    uuid: publicId(),
    onboardingId: integer()
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    requirementId: integer().references(() => onboardingRequirements.id, { onDelete: 'set null' }),
    inclusion: text().notNull(),
    name: text().notNull(),
    kind: text().notNull(),
    instructions: text(),
    linkUrl: text(),
    position: integer().notNull(),
    status: text().notNull().default('todo'),
    textValue: text(),
    secretValue: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('onboarding_items_status_check', sql`${t.status} in ('todo', 'submitted', 'done')`),
    check('onboarding_items_kind_check', sql`${t.kind} in ('file', 'text', 'link_confirmation', 'credential')`),
    check('onboarding_items_secret_sealed', sql`${t.secretValue} is null or ${t.secretValue} like 'v1.%'`),
    uniqueIndex('onboarding_items_requirement_idx').on(t.onboardingId, t.requirementId),
  ],
);

/** Step states: a row per step ticked (done) on an onboarding; stuck_notified_at keeps the stuck notice once. */
export const onboardingStepStates = pgTable(
  'onboarding_step_states',
  {
    onboardingId: integer()
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    stepKey: text().notNull(),
    doneAt: timestamp({ withTimezone: true }),
    doneById: integer().references(() => users.id, { onDelete: 'set null' }),
    stuckNotifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.onboardingId, t.stepKey] })],
);

export const onboardingHistory = pgTable(
  'onboarding_history',
  {
    id: id(),
    uuid: publicId(),
    onboardingId: integer()
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    subject: text(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    byClient: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('onboarding_history_onboarding_idx').on(t.onboardingId, t.createdAt)],
);

/** Files the client's page uploaded through its token: an item of that onboarding may hold only these. */
export const onboardingLinkUploads = pgTable('onboarding_link_uploads', {
  uploadId: integer()
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  onboardingId: integer()
    .notNull()
    .references(() => onboardings.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
