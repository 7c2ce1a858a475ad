import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActors, buildPlan } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { tags, tasks, taskTags, taskUsers } from '../../db/schema';
import { addDays } from './calendar';
import { createDueOccurrences, occurrenceDates } from './recurrence';
import { buildTask } from './test-helpers';

describe('occurrenceDates', () => {
  it('steps weekly, bi-weekly, monthly, quarterly, half-yearly and yearly from the start date', () => {
    const until = '2026-12-31';
    expect(occurrenceDates('2026-01-05', 'weekly', 0, until)).toHaveLength(52);
    expect(occurrenceDates('2026-01-05', 'bi_weekly', 0, until)).toHaveLength(26);
    expect(occurrenceDates('2026-01-31', 'monthly', 0, until).slice(0, 4)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(occurrenceDates('2026-01-15', 'every_3_months', 0, until)).toEqual([
      '2026-01-15',
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
    ]);
    expect(occurrenceDates('2026-01-15', 'every_6_months', 0, until)).toEqual(['2026-01-15', '2026-07-15']);
    expect(occurrenceDates('2024-02-29', 'yearly', 0, '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  it('stops at the limit (number of occurrences); 0 is unlimited up to the date', () => {
    expect(occurrenceDates('2026-01-05', 'weekly', 3, '2030-01-01')).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
    ]);
    expect(occurrenceDates('2026-01-05', 'weekly', 0, '2026-01-04')).toEqual([]);
  });
});

describe('createDueOccurrences (the recurrence job)', () => {
  let db: Awaited<ReturnType<typeof getTestApp>>['db'];
  let close: () => Promise<void>;
  let actors: Awaited<ReturnType<typeof buildActors>>;
  beforeAll(async () => {
    ({ db, close } = await getTestApp());
    actors = await buildActors(db);
  });
  afterAll(() => close());

  const occurrencesOf = (seedId: number) =>
    db
      .select()
      .from(tasks)
      .where(and(eq(tasks.seedId, seedId), isNotNull(tasks.occurrenceDate)));

  it('over a simulated year creates each occurrence once, with the seed’s people, tags and due span', async () => {
    const plan = await buildPlan(db);
    const weekly = await buildTask(
      db,
      {
        projectId: plan.id,
        title: 'Weekly report',
        status: 'seed',
        priority: 2,
        recurrenceType: 'weekly',
        recurrenceLimit: 0,
        startDate: '2026-01-05',
        endDate: '2026-01-07',
        creatorId: actors.admin.id,
      },
      { responsibles: [actors.manager.id], followers: [actors.freelancer.id] },
    );
    const monthly = await buildTask(db, {
      projectId: plan.id,
      title: 'Monthly invoice check',
      status: 'seed',
      recurrenceType: 'monthly',
      recurrenceLimit: 6,
      startDate: '2026-01-31',
      endDate: '2026-01-31',
    });
    const [tag] = await db.insert(tags).values({ name: 'recurring' }).returning();
    await db.insert(taskTags).values({ taskId: weekly.id, tagId: tag?.id ?? 0 });

    let created = 0;
    for (let day = '2026-01-01'; day <= '2026-12-31'; day = addDays(day, 1)) {
      created += await createDueOccurrences(db, day);
    }
    const weeklies = await occurrencesOf(weekly.id);
    expect(weeklies).toHaveLength(52);
    expect((await occurrencesOf(monthly.id)).map((t) => t.occurrenceDate).sort()).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    expect(created).toBe(58);
    const first = weeklies.find((t) => t.occurrenceDate === '2026-01-05');
    expect(first).toMatchObject({
      title: 'Weekly report',
      status: 'todo',
      priority: 2,
      projectId: plan.id,
      startDate: '2026-01-05',
      endDate: '2026-01-07',
      creatorId: actors.admin.id,
    });
    const people = await db
      .select()
      .from(taskUsers)
      .where(eq(taskUsers.taskId, first?.id ?? 0));
    expect(people.map((p) => [p.userId, p.pivot]).sort()).toEqual(
      [
        [actors.manager.id, 'responsible'],
        [actors.freelancer.id, 'follower'],
      ].sort(),
    );
    const tagged = await db
      .select()
      .from(taskTags)
      .where(eq(taskTags.taskId, first?.id ?? 0));
    expect(tagged).toHaveLength(1);

    // Running again (or twice at once) creates nothing new.
    const again = await Promise.all([createDueOccurrences(db, '2026-12-31'), createDueOccurrences(db, '2026-12-31')]);
    expect(again).toEqual([0, 0]);
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(tasks).where(eq(tasks.seedId, weekly.id));
    expect(count?.n).toBe(52);
  });

  it('never recreates a deleted occurrence, not even the latest one', async () => {
    const plan = await buildPlan(db);
    const seed = await buildTask(db, {
      projectId: plan.id,
      status: 'seed',
      recurrenceType: 'weekly',
      recurrenceLimit: 0,
      startDate: '2026-03-02',
      endDate: '2026-03-02',
    });
    expect(await createDueOccurrences(db, '2026-03-10')).toBeGreaterThanOrEqual(2);
    const dates = (await occurrencesOf(seed.id)).map((t) => t.occurrenceDate).sort();
    expect(dates).toEqual(['2026-03-02', '2026-03-09']);
    await db.delete(tasks).where(and(eq(tasks.seedId, seed.id), eq(tasks.occurrenceDate, '2026-03-09')));
    await createDueOccurrences(db, '2026-03-10');
    expect((await occurrencesOf(seed.id)).map((t) => t.occurrenceDate)).toEqual(['2026-03-02']);
    // The next due date still comes.
    await createDueOccurrences(db, '2026-03-16');
    expect((await occurrencesOf(seed.id)).map((t) => t.occurrenceDate).sort()).toEqual(['2026-03-02', '2026-03-16']);
  });

  it('creates nothing before the start date and nothing for tasks that are not seeds', async () => {
    const plan = await buildPlan(db);
    const future = await buildTask(db, {
      projectId: plan.id,
      status: 'seed',
      recurrenceType: 'weekly',
      recurrenceLimit: 0,
      startDate: '2027-06-01',
      endDate: '2027-06-02',
    });
    const plain = await buildTask(db, {
      projectId: plan.id,
      status: 'todo',
      recurrenceType: 'weekly',
      startDate: '2026-01-01',
    });
    await createDueOccurrences(db, '2026-12-31');
    expect(await occurrencesOf(future.id)).toEqual([]);
    expect(await occurrencesOf(plain.id)).toEqual([]);
  });
});
