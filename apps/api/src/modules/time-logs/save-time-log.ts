import { MESSAGES, type TimeLog, type timeLogCreateSchema, type timeLogUpdateSchema } from '@portal/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { contacts, projects, tasks, timeLogs, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, forbidden, notFound, validationError } from '../../http/errors';
import { planDefaultCategory } from '../reports/timelog-category';
import { getVisibleRequestRef, requestVisibleTo } from '../requests/request-refs';
import { touchRequestInteraction } from '../requests/request-temperature';
import { refreshRequestTimeSpent } from '../requests/request-time-spent';
import { visibleTasks } from '../tasks/task-access';
import { logTaskActivity } from '../tasks/task-history';
import { readStartedAt } from './started-at';
import { mayChangeTimeLog, mayRunOwnTimer, presentTimeLog, selectTimeLogs } from './time-logs.presenter';
import { cleanDescription, isSameTimerState, nextTimerState, type TimerState } from './timer-state';

type CreateInput = z.output<typeof timeLogCreateSchema>;
type UpdateInput = z.output<typeof timeLogUpdateSchema>;

/** Namespace of the per-user advisory lock that serialises timer writes ('TIME'). */
const TIMER_LOCK_NAMESPACE = 0x54494d45;
const RUNNING_INDEX = 'time_logs_one_running_per_user_idx';

/** The task of a log, when the viewer may see it (tasks' visibility rule); unknown and invisible are both 404. */
export async function findVisibleTask(db: Database | Tx, uuid: string, viewer: Principal) {
  const [task] = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.uuid, uuid), visibleTasks(viewer)))
    .limit(1);
  if (!task) {
    throw notFound();
  }
  return task;
}

/** user_id: the caller by default; another active staff user only with TIMELOG_FOR_OTHERS. */
async function resolveLogUser(db: Database, userUuid: string | null | undefined, viewer: Principal) {
  if (!userUuid || userUuid === viewer.uuid) {
    return viewer.userId;
  }
  if (!viewer.permissions.has('TIMELOG_FOR_OTHERS')) {
    throw forbidden();
  }
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(
      and(
        eq(users.uuid, userUuid),
        eq(users.status, 'active'),
        sql`${contacts.type} in ('regular_user', 'freelancer')`,
      ),
    )
    .limit(1);
  if (!user) {
    throw validationError({ user_id: [MESSAGES.required] });
  }
  return user.id;
}

function violatesOneRunning(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505' && e.constraint === RUNNING_INDEX) {
      return true;
    }
  }
  return false;
}

/**
 * Timer writes of one user run one at a time (a transaction-scoped advisory lock), so "pause the others, then
 * start" cannot interleave. The unique index stays the guarantee; should another writer slip past the lock, the
 * write is retried once and then answered with 409.
 */
async function withUserTimerLock<T>(db: Database, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TIMER_LOCK_NAMESPACE}, ${userId})`);
        return work(tx);
      });
    } catch (error) {
      if (!violatesOneRunning(error)) {
        throw error;
      }
      if (attempt >= 2) {
        throw new AppError(409, 'Another timer was started at the same time. Please try again.', {
          code: 'timer_conflict',
        });
      }
    }
  }
}

/** Starting a timer first pauses every other running log of the user, adding their running time. */
async function pauseRunningLogs(tx: Tx, userId: number, now: Date, exceptId?: number) {
  const nowIso = now.toISOString();
  await tx
    .update(timeLogs)
    .set({
      status: 'paused',
      minutes: sql`${timeLogs.minutes} + greatest(0, floor(extract(epoch from (${nowIso}::timestamptz - ${timeLogs.startedAt})) / 60))::int`,
      startedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(timeLogs.userId, userId),
        eq(timeLogs.status, 'running'),
        exceptId === undefined ? undefined : ne(timeLogs.id, exceptId),
      ),
    );
}

/** A time entry on a todo task moves it to in_progress (doc 2 §4), recorded in the task's history. */
async function startTodoTask(tx: Tx, taskId: number, authorId: number) {
  const moved = await tx
    .update(tasks)
    .set({ status: 'in_progress', updatedAt: new Date() })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'todo')))
    .returning({ id: tasks.id });
  if (moved.length) {
    await logTaskActivity(tx, taskId, authorId, 'update', { status: { added: 'in_progress', removed: 'todo' } });
  }
}

/** The log's source: exactly one of a task and a request (the contract refuses both or neither). */
type LogSource = { taskId: number; requestId: null } | { taskId: null; requestId: number };

/**
 * The log's request changed its completed minutes (or may have): requests.time_spent follows in the same
 * transaction, and the time counts as interaction for the request's temperature.
 */
async function afterRequestLogWrite(tx: Tx, requestId: number) {
  await refreshRequestTimeSpent(tx, requestId);
  await touchRequestInteraction(tx, requestId);
}

/** Logs the viewer may see: their task or request is visible to them (a log has exactly one of the two). */
export function visibleLogSource(viewer: Principal) {
  return sql`((${timeLogs.taskId} is not null and ${visibleTasks(viewer)}) or (${timeLogs.requestId} is not null and ${requestVisibleTo(viewer, timeLogs.requestId)}))`;
}

function validateState(state: Pick<TimerState, 'status' | 'minutes' | 'description'>, isNew: boolean, onTask: boolean) {
  const errors: Record<string, string[]> = {};
  // A new log needs time unless it starts a timer; a completed entry always does.
  if ((state.status === 'completed' || (isNew && state.status !== 'running')) && state.minutes <= 0) {
    errors.minutes = [MESSAGES.timeAboveZero];
  }
  // Doc 2 §5: the description is required for task timelogs; a request entry may go without.
  if (onTask && state.status === 'completed' && !state.description) {
    errors.description = [MESSAGES.required];
  }
  if (Object.keys(errors).length) {
    throw validationError(errors);
  }
}

async function presentById(db: Database | Tx, id: number, viewer: Principal, now: Date): Promise<TimeLog> {
  const [row] = await selectTimeLogs(db as Database).where(eq(timeLogs.id, id));
  if (!row) {
    throw notFound();
  }
  return presentTimeLog(row, viewer, now);
}

/**
 * POST time-log, on a task (task_id) or a request (request_id). A running start on a task or request whose timer
 * already runs for that user answers that log (a double start from two devices does not make two logs).
 */
export async function createTimeLog(
  db: Database,
  input: CreateInput,
  viewer: Principal,
  timeZone: string,
  now = new Date(),
): Promise<TimeLog> {
  const userId = await resolveLogUser(db, input.user_id, viewer);
  let source: LogSource;
  if (input.task_id) {
    source = { taskId: (await findVisibleTask(db, input.task_id, viewer)).id, requestId: null };
  } else if (input.request_id) {
    source = { taskId: null, requestId: (await getVisibleRequestRef(db, input.request_id, viewer)).id };
  } else {
    throw validationError({ task_id: [MESSAGES.required] });
  }
  const description = cleanDescription(input.description);
  validateState({ status: input.status, minutes: input.minutes, description }, true, source.taskId !== null);
  const sameSource =
    source.taskId !== null ? eq(timeLogs.taskId, source.taskId) : eq(timeLogs.requestId, source.requestId);

  const id = await withUserTimerLock(db, userId, async (tx) => {
    if (input.status === 'running') {
      const [already] = await tx
        .select({ id: timeLogs.id })
        .from(timeLogs)
        .where(and(eq(timeLogs.userId, userId), eq(timeLogs.status, 'running'), sameSource));
      if (already) {
        return already.id;
      }
      await pauseRunningLogs(tx, userId, now);
    }
    const [row] = await tx
      .insert(timeLogs)
      .values({
        ...source,
        userId,
        date: input.date,
        minutes: input.minutes,
        // A timer starts at the server's clock; an entry keeps when its work began, if the client said.
        startedAt: input.status === 'running' ? now : (readStartedAt(input.started_at, timeZone) ?? null),
        description,
        status: input.status,
        category: input.category ?? (await planDefaultCategory(tx, source)),
        refToken: input.ref_token ?? null,
        createdById: viewer.userId,
      })
      .returning({ id: timeLogs.id });
    if (!row) {
      throw new Error('time log not created');
    }
    if (source.taskId !== null) {
      await startTodoTask(tx, source.taskId, viewer.userId);
    } else {
      await afterRequestLogWrite(tx, source.requestId);
    }
    return row.id;
  });
  return presentById(db, id, viewer, now);
}

/** The log as the viewer may see it (its task or request visible; freelancers see only their own). */
async function findVisibleLog(db: Database, uuid: string, viewer: Principal) {
  const [log] = await db
    .select({ id: timeLogs.id, userId: timeLogs.userId, status: timeLogs.status, requestId: timeLogs.requestId })
    .from(timeLogs)
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(timeLogs.uuid, uuid),
        visibleLogSource(viewer),
        viewer.type === 'freelancer' ? eq(timeLogs.userId, viewer.userId) : undefined,
      ),
    )
    .limit(1);
  if (!log) {
    throw notFound();
  }
  return log;
}

/** PUT time-log/{uuid}: the timer transitions of nextTimerState; an unchanged log is not written. */
export async function updateTimeLog(
  db: Database,
  uuid: string,
  input: UpdateInput,
  viewer: Principal,
  timeZone: string,
  now = new Date(),
): Promise<TimeLog> {
  const found = await findVisibleLog(db, uuid, viewer);
  if (
    !mayChangeTimeLog(viewer, found.userId, 'TIMELOG_UPDATE') &&
    !mayRunOwnTimer(viewer, found.userId, found.status)
  ) {
    throw forbidden();
  }
  await withUserTimerLock(db, found.userId, async (tx) => {
    // Read again under the lock: another start may have paused this log meanwhile.
    const [row] = await tx.select().from(timeLogs).where(eq(timeLogs.id, found.id)).for('update');
    if (!row) {
      throw notFound();
    }
    const current: TimerState = {
      status: row.status as TimerState['status'],
      minutes: row.minutes,
      startedAt: row.startedAt,
      date: row.date,
      description: row.description,
    };
    const next = nextTimerState(
      current,
      { status: input.status, minutes: input.minutes, date: input.date, description: input.description },
      now,
    );
    if (next.status !== 'running') {
      // An entry's recorded start: the one sent, else the one it had (a running log's start was the timer's).
      const given = readStartedAt(input.started_at, timeZone);
      next.startedAt = given !== undefined ? given : current.status === 'running' ? null : current.startedAt;
    }
    const category = input.category ?? row.category;
    if (isSameTimerState(current, next) && category === row.category) {
      return;
    }
    validateState(next, false, row.taskId !== null);
    if (next.status === 'running' && current.status !== 'running') {
      await pauseRunningLogs(tx, row.userId, now, row.id);
    }
    await tx
      .update(timeLogs)
      .set({
        status: next.status,
        minutes: next.minutes,
        startedAt: next.startedAt,
        date: next.date,
        description: next.description,
        category,
        refToken: input.ref_token === undefined ? row.refToken : input.ref_token,
        updatedAt: now,
      })
      .where(eq(timeLogs.id, row.id));
    if (row.taskId) {
      await startTodoTask(tx, row.taskId, viewer.userId);
    }
    if (row.requestId) {
      await afterRequestLogWrite(tx, row.requestId);
    }
  });
  return presentById(db, found.id, viewer, now);
}

/** DELETE time-log/{uuid} (also the timer's reset). */
export async function deleteTimeLog(db: Database, uuid: string, viewer: Principal): Promise<void> {
  const found = await findVisibleLog(db, uuid, viewer);
  if (!mayChangeTimeLog(viewer, found.userId, 'TIMELOG_DESTROY')) {
    throw forbidden();
  }
  const requestId = found.requestId;
  await db.transaction(async (tx) => {
    await tx.delete(timeLogs).where(eq(timeLogs.id, found.id));
    if (requestId) {
      await afterRequestLogWrite(tx, requestId);
    }
  });
}
