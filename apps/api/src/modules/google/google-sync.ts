import { createHash } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { googleAccounts, googleEvents, tasks } from '../../db/schema';
import { addDays } from '../tasks/calendar';
import { visibleTasks } from '../tasks/task-access';
import { clientFor, describeGoogleError, type GoogleAccountRow, googleStatus } from './google-client';

type Ctx = Pick<AppContext, 'config' | 'db' | 'secrets'>;

/** How far back a full sync reaches: older due dates are history, not plans. */
const FULL_SYNC_DAYS_BACK = 30;
const FULL_SYNC_MAX = 500;

/**
 * The event id we give Google for a task on a person's calendar: the same on every try, so a job retried after
 * Google created the event but before we stored its id meets a 409 and updates that event instead of adding a
 * second one. Google's ids are base32hex (a–v, 0–9); hex is a subset.
 */
export function eventIdFor(userId: number, taskUuid: string): string {
  return `pt${createHash('sha256').update(`${userId}:${taskUuid}`).digest('hex').slice(0, 40)}`;
}

type TaskRow = { uuid: string; title: string; start_date: string | null; end_date: string };

/** The task as it belongs on this person's calendar, or null when it no longer does (deleted, hidden, no due date). */
async function qualifyingTask(ctx: Ctx, account: GoogleAccountRow, taskUuid: string): Promise<TaskRow | null> {
  const rows = await qualifyingTasks(ctx, account, sql`${tasks.uuid} = ${taskUuid}`, 1);
  return rows[0] ?? null;
}

async function qualifyingTasks(ctx: Ctx, account: GoogleAccountRow, where: ReturnType<typeof sql>, limit: number) {
  const [person] = (
    await ctx.db.execute<{ type: string }>(sql`
      select c.type from users u join contacts c on c.user_id = u.id
      where u.id = ${account.userId} and u.status = 'active' and c.type in ('regular_user', 'freelancer') limit 1`)
  ).rows;
  if (!person) {
    return [];
  }
  const viewer = { userId: account.userId, type: person.type as 'regular_user' | 'freelancer' };
  const responsible =
    account.taskScope === 'responsible'
      ? sql`and exists (select 1 from task_users tu where tu.task_id = ${tasks.id} and tu.user_id = ${account.userId} and tu.pivot = 'responsible')`
      : sql``;
  const result = await ctx.db.execute<TaskRow>(sql`
    select ${tasks.uuid} as uuid, ${tasks.title} as title, ${tasks.startDate} as start_date, ${tasks.endDate} as end_date
    from ${tasks}
    where ${where} and ${tasks.endDate} is not null and ${tasks.status} not in ('seed', 'cancelled')
      and ${visibleTasks(viewer)} ${responsible}
    order by ${tasks.endDate}
    limit ${limit}`);
  return result.rows;
}

/** All-day events: Google's end date is exclusive, so a task due on the 5th ends on the 6th. */
function eventBody(ctx: Ctx, account: GoogleAccountRow, task: TaskRow) {
  const start =
    account.eventShape === 'span' && task.start_date && task.start_date <= task.end_date
      ? task.start_date
      : task.end_date;
  return {
    summary: task.title,
    description: `Task in Agency Portal: ${ctx.config.appUrl}/tasks?task_uuid=${task.uuid}`,
    start: { date: start },
    end: { date: addDays(task.end_date, 1) },
    status: 'confirmed',
    transparency: 'transparent',
    source: { title: 'Agency Portal', url: `${ctx.config.appUrl}/tasks?task_uuid=${task.uuid}` },
  };
}

const gone = (error: unknown) => [404, 410].includes(googleStatus(error) ?? 0);

/** Brings one task on one person's calendar in line: create, update or delete its event. */
async function syncOne(
  ctx: Ctx,
  account: GoogleAccountRow,
  api: Awaited<ReturnType<typeof clientFor>>['api'],
  taskUuid: string,
) {
  const calendarId = account.calendarId as string;
  const [stored] = await ctx.db
    .select()
    .from(googleEvents)
    .where(and(eq(googleEvents.userId, account.userId), eq(googleEvents.taskUuid, taskUuid)));
  const task = await qualifyingTask(ctx, account, taskUuid);
  if (stored && (!task || stored.calendarId !== calendarId)) {
    await api.events.delete({ calendarId: stored.calendarId, eventId: stored.eventId }).catch((error: unknown) => {
      if (!gone(error)) {
        throw error;
      }
    });
    await ctx.db.delete(googleEvents).where(eq(googleEvents.id, stored.id));
  }
  if (!task) {
    return;
  }
  const requestBody = eventBody(ctx, account, task);
  const eventId = stored && stored.calendarId === calendarId ? stored.eventId : eventIdFor(account.userId, taskUuid);
  if (stored && stored.calendarId === calendarId) {
    try {
      await api.events.patch({ calendarId, eventId, requestBody });
      return;
    } catch (error) {
      if (!gone(error)) {
        throw error;
      }
    }
  }
  try {
    await api.events.insert({ calendarId, requestBody: { ...requestBody, id: eventId } });
  } catch (error) {
    // Already there: an earlier try of this job created it, or the person deleted it (Google keeps the id).
    if (googleStatus(error) !== 409) {
      throw error;
    }
    await api.events.patch({ calendarId, eventId, requestBody });
  }
  await ctx.db
    .insert(googleEvents)
    .values({ userId: account.userId, taskUuid, calendarId, eventId })
    .onConflictDoUpdate({
      target: [googleEvents.userId, googleEvents.taskUuid],
      set: { calendarId, eventId, updatedAt: new Date() },
    });
}

/**
 * Syncs these tasks on one account's calendar. A failure is recorded on the account (shown on the screen) and
 * thrown, so the job that called it is retried; a success clears it.
 */
async function syncAccount(ctx: Ctx, account: GoogleAccountRow, taskUuids: readonly string[]) {
  if (!account.calendarId || taskUuids.length === 0) {
    return;
  }
  const client = await clientFor(ctx, account);
  try {
    for (const uuid of taskUuids) {
      await syncOne(ctx, account, client.api, uuid);
    }
    await client.flush();
    await ctx.db
      .update(googleAccounts)
      .set({ lastSyncAt: new Date(), lastError: null })
      .where(eq(googleAccounts.id, account.id));
  } catch (error) {
    await client.flush().catch(() => undefined);
    const message = describeGoogleError(error);
    await ctx.db.update(googleAccounts).set({ lastError: message }).where(eq(googleAccounts.id, account.id));
    throw new Error(`Google Calendar sync failed: ${message}`);
  }
}

/** A task changed (or was deleted): every connected calendar that holds it, or should, is brought in line. */
export async function syncTaskEverywhere(ctx: Ctx, taskUuid: string): Promise<void> {
  const accounts = await ctx.db.select().from(googleAccounts).where(isNotNull(googleAccounts.calendarId));
  const failures: unknown[] = [];
  for (const account of accounts) {
    await syncAccount(ctx, account, [taskUuid]).catch((error: unknown) => failures.push(error));
  }
  if (failures.length) {
    throw failures[0];
  }
}

/**
 * A person chose a calendar or changed what to sync: their tasks due from 30 days ago on are pushed, and events
 * of tasks that no longer belong (another calendar, a narrower scope) are removed.
 */
export async function syncUserCalendar(ctx: Ctx, userId: number): Promise<void> {
  const [account] = await ctx.db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId));
  if (!account?.calendarId) {
    return;
  }
  const since = addDays(new Date().toISOString().slice(0, 10), -FULL_SYNC_DAYS_BACK);
  const wanted = await qualifyingTasks(ctx, account, sql`${tasks.endDate} >= ${since}`, FULL_SYNC_MAX);
  const stored = await ctx.db
    .select({ taskUuid: googleEvents.taskUuid })
    .from(googleEvents)
    .where(eq(googleEvents.userId, userId));
  const uuids = [...new Set([...wanted.map((t) => t.uuid), ...stored.map((s) => s.taskUuid)])];
  await syncAccount(ctx, account, uuids);
}
