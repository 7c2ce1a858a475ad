import {
  COMPLETION_CHECKS_CODE,
  type CompletionCheckResult,
  type CompletionChecksError,
  completionChecks,
  MESSAGES,
} from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
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

/** What the checks read besides the request row, for many requests: responsible counts and tasks, by request id. */
export async function loadCompletionFacts(db: DbExecutor, requestIds: readonly number[]) {
  const counts = await db
    .select({ requestId: requestUsers.requestId, n: sql<number>`count(*)::int` })
    .from(requestUsers)
    .where(and(inArray(requestUsers.requestId, [...requestIds]), eq(requestUsers.pivot, 'responsible')))
    .groupBy(requestUsers.requestId);
  return {
    responsibles: new Map(counts.map((c) => [c.requestId, c.n])),
    tasks: await loadRequestTasks(db, requestIds),
  };
}

/** The six checks of one request; `responsibles` overrides the stored count (a bulk edit judges before it writes). */
export function completionChecksOf(
  request: { id: number; timeSpent: number; estimatedMax: number },
  facts: Awaited<ReturnType<typeof loadCompletionFacts>>,
  responsibles = facts.responsibles.get(request.id) ?? 0,
): CompletionCheckResult[] {
  const tasks = facts.tasks.get(request.id) ?? [];
  return completionChecks({
    timeSpent: request.timeSpent,
    estimatedMax: request.estimatedMax,
    hasResponsible: responsibles > 0,
    tasks: tasks.map((t) => ({
      status: t.status,
      assigneeCount: t.responsibles_count,
      loggedMinutes: t.total_timelogs,
    })),
  });
}

/** The six checks over the stored request and its tasks (tasks.request_id). */
export async function runCompletionChecks(
  db: DbExecutor,
  request: { id: number; timeSpent: number; estimatedMax: number },
): Promise<CompletionCheckResult[]> {
  return completionChecksOf(request, await loadCompletionFacts(db, [request.id]));
}
