import type { HistoryEntry } from '@portal/domain';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { activityLogs, contacts, projects, users } from '../../db/schema';

/**
 * The history (activity log) every work item shares (doc 2 §3): one row per create or update, with what each field
 * gained and lost. Tasks and requests write and page it through these two functions.
 */
export type HistorySubject = 'task' | 'request';
export type FieldChanges = Record<string, { added: unknown; removed: unknown }>;

const PAGE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Writes one entry; an update that changed nothing leaves no entry. */
export async function logActivity(
  db: DbExecutor,
  subject: HistorySubject,
  subjectId: number,
  authorId: number | null,
  action: 'create' | 'update',
  changes: FieldChanges,
) {
  if (action === 'update' && Object.keys(changes).length === 0) {
    return;
  }
  await db.insert(activityLogs).values({ subjectType: subject, subjectId, authorId, action, changes });
}

/** What changed between two lists (people by uuid, tags by name). */
export function listDiff<T>(before: T[], after: T[], key: (item: T) => string) {
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  const added = after.filter((i) => !beforeKeys.has(key(i)));
  const removed = before.filter((i) => !afterKeys.has(key(i)));
  return added.length || removed.length ? { added, removed } : undefined;
}

/** GET {task|request}/{uuid}/logs: newest first, 20 per page; `before` is the id of the last entry already shown. */
export async function listHistory(
  db: Database,
  subject: HistorySubject,
  subjectId: number,
  before?: number,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select({
      id: activityLogs.id,
      action: activityLogs.action,
      changes: activityLogs.changes,
      createdAt: activityLogs.createdAt,
      authorUuid: users.uuid,
      authorName: contacts.name,
    })
    .from(activityLogs)
    .leftJoin(users, eq(users.id, activityLogs.authorId))
    .leftJoin(contacts, eq(contacts.userId, activityLogs.authorId))
    .where(
      and(
        eq(activityLogs.subjectType, subject),
        eq(activityLogs.subjectId, subjectId),
        before ? lt(activityLogs.id, before) : undefined,
      ),
    )
    .orderBy(desc(activityLogs.id))
    .limit(PAGE);
  const entries = rows.map((r) => ({
    id: r.id,
    action: r.action as HistoryEntry['action'],
    author: r.authorUuid ? { uuid: r.authorUuid, name: r.authorName ?? '' } : null,
    created_at: r.createdAt.toISOString(),
    changes: r.changes as FieldChanges,
  }));
  return withPlanTitles(db, entries);
}

/**
 * A task's move to another plan is stored as the plans' uuids alone; readers need their titles. One query names
 * every plan on the page (a plan since deleted reads 'Deleted plan').
 */
async function withPlanTitles(db: Database, entries: HistoryEntry[]): Promise<HistoryEntry[]> {
  const uuids = new Set<string>();
  for (const entry of entries) {
    const change = entry.changes.project;
    for (const value of change ? [change.added, change.removed] : []) {
      // Only uuids reach the query: anything else would make PostgreSQL refuse the uuid cast.
      if (typeof value === 'string' && UUID.test(value)) {
        uuids.add(value);
      }
    }
  }
  if (uuids.size === 0) {
    return entries;
  }
  const plans = await db
    .select({ uuid: projects.uuid, title: projects.title })
    .from(projects)
    .where(inArray(projects.uuid, [...uuids]));
  const titles = new Map(plans.map((p) => [p.uuid, p.title]));
  const named = (value: unknown) =>
    typeof value === 'string' ? { uuid: value, title: titles.get(value) ?? 'Deleted plan' } : value;
  return entries.map((entry) => {
    const change = entry.changes.project;
    return change
      ? {
          ...entry,
          changes: { ...entry.changes, project: { added: named(change.added), removed: named(change.removed) } },
        }
      : entry;
  });
}
