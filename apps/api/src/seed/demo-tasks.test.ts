import { TASK_STATUSES } from '@portal/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { projects, tasks, taskUsers, users } from '../db/schema';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo tasks seed', () => {
  it('seeds tasks in every status, with subtasks and a client-responsible task', async () => {
    const statuses = await db.selectDistinct({ status: tasks.status }).from(tasks);
    expect(statuses.map((s) => s.status).sort()).toEqual([...TASK_STATUSES].sort());
    const [parent] = await db.select().from(tasks).where(eq(tasks.title, 'January new patient campaign'));
    const subtasks = await db
      .select()
      .from(tasks)
      .where(eq(tasks.parentId, parent?.id ?? 0));
    expect(subtasks).toHaveLength(3);
    const clientTask = await db
      .select({ email: users.email })
      .from(tasks)
      .innerJoin(taskUsers, eq(taskUsers.taskId, tasks.id))
      .innerJoin(users, eq(users.id, taskUsers.userId))
      .where(and(eq(tasks.title, 'Approve the January newsletter'), eq(taskUsers.pivot, 'responsible')));
    expect(clientTask).toEqual([{ email: 'client@demo.test' }]);
  });

  it('seeds a weekly recurring seed with its occurrences so far', async () => {
    // Occurrences share the seed's title; the seed is the one without a seed of its own.
    const [seed] = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.title, 'Weekly performance report'), isNull(tasks.seedId)));
    expect(seed).toMatchObject({ status: 'seed', recurrenceType: 'weekly' });
    const occurrences = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.seedId, seed?.id ?? 0), isNotNull(tasks.occurrenceDate)));
    expect(occurrences).toHaveLength(5);
  });

  it('leaves only the latest weekly occurrence open: the earlier ones were done in their week', async () => {
    const rows = await db
      .select({ date: tasks.occurrenceDate, status: tasks.status, completedAt: tasks.completedAt })
      .from(tasks)
      .where(and(eq(tasks.title, 'Weekly performance report'), isNotNull(tasks.seedId)))
      .orderBy(tasks.occurrenceDate);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'todo']);
    for (const row of rows.slice(0, 4)) {
      const completedOn = row.completedAt?.toISOString().slice(0, 10) ?? '';
      expect(completedOn >= (row.date ?? ''), `${row.date} completed ${completedOn}`).toBe(true);
    }
    // No two visible (non-seed, open) tasks share a title on one plan.
    const duplicates = await db.execute(sql`
      select project_id, title, count(*) from tasks
      where status not in ('seed', 'completed', 'cancelled') group by project_id, title having count(*) > 1`);
    expect(duplicates.rows).toEqual([]);
  });

  it('starts every demo person on the day of their first log, so the Users report expects what they logged', async () => {
    const rows = await db.execute<{ email: string; since: string; first_log: string }>(sql`
      select u.email, u.created_at::date::text as since, min(l.date)::text as first_log
      from users u join time_logs l on l.user_id = u.id
      group by u.email, u.created_at order by u.email`);
    expect(rows.rows.map((r) => r.email)).toEqual(['admin@demo.test', 'freelancer@demo.test', 'manager@demo.test']);
    for (const row of rows.rows) {
      expect(row.since, row.email).toBe(row.first_log);
    }
  });

  it('gives the admin, manager and freelancer a personal plan with their own tasks', async () => {
    const rows = await db
      .select({ email: users.email, n: sql<number>`count(${tasks.id})::int` })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.projectManagerId))
      .leftJoin(tasks, eq(tasks.projectId, projects.id))
      .where(eq(projects.kind, 'personal'))
      .groupBy(users.email)
      .orderBy(users.email);
    expect(rows).toEqual([
      { email: 'admin@demo.test', n: 2 },
      { email: 'freelancer@demo.test', n: 1 },
      { email: 'manager@demo.test', n: 1 },
    ]);
  });
});
