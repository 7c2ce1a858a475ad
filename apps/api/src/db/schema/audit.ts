import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * The audit trail (doc 1 §2 /activity-log): one row per committed write or security event that is not a task or
 * request (those keep their field-level history in activity_logs): plans, clients, contacts, users, roles and
 * permissions, sign-ins and failed sign-ins, exports. Written by the audit listener from domain events, so
 * producers never call it. Labels and the actor's e-mail are copies taken at the time: the trail stays readable
 * after the object or the person is gone.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Who, as known then: the signed-in person's e-mail, or the e-mail typed in a failed sign-in. */
    actorEmail: text(),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectUuid: text(),
    subjectLabel: text(),
    ip: text(),
    /** Public facts only (changed field names, permission names, export name); never passwords or texts. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_logs_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_logs_subject_idx').on(t.subjectType, t.createdAt.desc()),
    // One object's trail (a plan's History tab), newest first, without reading every other object of its type.
    index('audit_logs_subject_uuid_idx').on(t.subjectType, t.subjectUuid, t.createdAt.desc(), t.id.desc()),
  ],
);
