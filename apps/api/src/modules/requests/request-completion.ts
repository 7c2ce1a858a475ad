import {
  COMPLETION_CHECKS_CODE,
  type CompletionCheckResult,
  type CompletionChecksError,
  completionChecks,
  MESSAGES,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { requestUsers } from '../../db/schema';
import { loadRequestTasks } from './request-extras';

/** Completing failed a check: the route answers 422 with the checklist (doc 2 §4 "Completion checklist"). */
export class CompletionChecksFailed extends Error {
  constructor(readonly checks: CompletionCheckResult[]) {
    super(MESSAGES.checklistTitle);
  }

  toBody(): CompletionChecksError {
    return { message: MESSAGES.checklistTitle, code: COMPLETION_CHECKS_CODE, checks: this.checks };
  }
}

/** The six checks over the stored request and its tasks (tasks.request_id). */
export async function runCompletionChecks(
  db: DbExecutor,
  request: { id: number; timeSpent: number; estimatedMax: number },
): Promise<CompletionCheckResult[]> {
  const [responsibles] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requestUsers)
    .where(and(eq(requestUsers.requestId, request.id), eq(requestUsers.pivot, 'responsible')));
  const tasks = (await loadRequestTasks(db, [request.id])).get(request.id) ?? [];
  return completionChecks({
    timeSpent: request.timeSpent,
    estimatedMax: request.estimatedMax,
    hasResponsible: (responsibles?.n ?? 0) > 0,
    tasks: tasks.map((t) => ({
      status: t.status,
      assigneeCount: t.responsibles_count,
      loggedMinutes: t.total_timelogs,
    })),
  });
}
