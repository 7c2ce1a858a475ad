import type { RecurrenceType } from '@portal/domain';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { announceListWrite } from '../../events/list-cache-relay';
import { addDays, addMonths, daysBetween } from './calendar';

/** Most occurrences one seed may gain in one run, so a seed started long ago cannot flood a plan at once. */
export const MAX_OCCURRENCES_PER_RUN = 400;

const STEP: Record<RecurrenceType, { days?: number; months?: number }> = {
  weekly: { days: 7 },
  bi_weekly: { days: 14 },
  monthly: { months: 1 },
  every_3_months: { months: 3 },
  every_6_months: { months: 6 },
  yearly: { months: 12 },
};

/** The k-th occurrence counted from the start (months from the start, not chained, so Jan 31 → Feb 28 → Mar 31). */
export function nthOccurrence(start: string, type: RecurrenceType, k: number): string {
  const step = STEP[type];
  return step.months ? addMonths(start, step.months * k) : addDays(start, (step.days ?? 7) * k);
}

/**
 * The occurrence dates of a recurring task up to `until` (inclusive), from its start date: the first occurrence is
 * the start date itself. limit = number of occurrences; 0 means unlimited (bounded by `until`).
 */
export function occurrenceDates(start: string, type: RecurrenceType, limit: number, until: string): string[] {
  const dates: string[] = [];
  for (let k = 0; limit === 0 || k < limit; k++) {
    const date = nthOccurrence(start, type, k);
    if (date > until) {
      break;
    }
    dates.push(date);
  }
  return dates;
}

/**
 * The recurrence job: for every seed, creates the occurrences whose date has come (in the agency's calendar; the
 * caller passes today there). Each occurrence copies the seed's title, plan, priority, estimate, description,
 * people and tags, starts todo and keeps the seed's due span. (seed_id, occurrence_date) is unique and inserts
 * skip conflicts, so a second run, or two instances running at once, create nothing twice. Answers how many
 * occurrences were created.
 */
export async function createDueOccurrences(db: Database, today: string): Promise<number> {
  const seeds = await db
    .select({
      id: tasks.id,
      startDate: tasks.startDate,
      endDate: tasks.endDate,
      type: tasks.recurrenceType,
      limit: tasks.recurrenceLimit,
      // The stored mark survives deletions; max(occurrence_date) covers occurrences made before the mark existed.
      lastOccurrence: sql<string | null>`greatest(${tasks.recurrenceGeneratedUntil},
        (select max(o.occurrence_date) from tasks o where o.seed_id = ${tasks.id}))::text`,
    })
    .from(tasks)
    .where(and(eq(tasks.status, 'seed'), isNotNull(tasks.recurrenceType), lte(tasks.startDate, today)));

  let created = 0;
  for (const seed of seeds) {
    if (!seed.startDate || !seed.type) {
      continue;
    }
    // Only dates after the last generated one: an occurrence somebody deleted, even the latest, is not brought back.
    const dates = occurrenceDates(seed.startDate, seed.type as RecurrenceType, seed.limit ?? 0, today)
      .filter((d) => !seed.lastOccurrence || d > seed.lastOccurrence)
      .slice(0, MAX_OCCURRENCES_PER_RUN);
    if (dates.length === 0) {
      continue;
    }
    const span = seed.endDate ? Math.max(0, daysBetween(seed.startDate, seed.endDate)) : null;
    created += await db.transaction(async (tx) => {
      const rows = await tx.execute<{ id: number }>(sql`
        insert into tasks (title, project_id, priority, status, start_date, end_date, estimated_time_min,
          estimated_time, seed_id, occurrence_date, description_delta, description_text, creator_id)
        select s.title, s.project_id, s.priority, 'todo', d.day, d.day + ${span}::int, s.estimated_time_min,
          s.estimated_time, s.id, d.day, s.description_delta, s.description_text, s.creator_id
        from tasks s, unnest(${`{${dates.join(',')}}`}::date[]) as d(day)
        where s.id = ${seed.id}
        on conflict (seed_id, occurrence_date) do nothing
        returning id`);
      await tx
        .update(tasks)
        .set({ recurrenceGeneratedUntil: dates[dates.length - 1] })
        .where(eq(tasks.id, seed.id));
      const ids = rows.rows.map((r) => Number(r.id));
      if (ids.length) {
        const list = sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        );
        await tx.execute(sql`
          insert into task_users (task_id, user_id, pivot)
          select t.id, su.user_id, su.pivot from task_users su cross join tasks t
          where su.task_id = ${seed.id} and t.id in (${list})`);
        await tx.execute(sql`
          insert into task_tags (task_id, tag_id)
          select t.id, st.tag_id from task_tags st cross join tasks t
          where st.task_id = ${seed.id} and t.id in (${list})`);
      }
      return ids.length;
    });
    // A job has no request and no event bus: it announces the new tasks to every instance's list caches itself.
    await announceListWrite(db, ['tasks']);
  }
  return created;
}
