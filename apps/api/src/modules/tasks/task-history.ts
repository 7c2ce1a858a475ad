import type { HistoryEntry } from '@portal/domain';
import type { Database, DbExecutor } from '../../db/client';
import { type FieldChanges, listHistory, logActivity } from '../history/activity-log';

export { type FieldChanges, listDiff } from '../history/activity-log';

/** A task's history entry (the shared activity log, subject 'task'). */
export function logTaskActivity(
  db: DbExecutor,
  taskId: number,
  authorId: number | null,
  action: 'create' | 'update',
  changes: FieldChanges,
) {
  return logActivity(db, 'task', taskId, authorId, action, changes);
}

/** GET tasks/{uuid}/logs: newest first, 20 per page; `before` is the id of the last entry already shown. */
export function listTaskHistory(db: Database, taskId: number, before?: number): Promise<HistoryEntry[]> {
  return listHistory(db, 'task', taskId, before);
}
