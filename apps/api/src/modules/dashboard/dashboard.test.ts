import { PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { activityLogs, notifications, requests, requestUsers, tasks, taskUsers, timeLogs } from '../../db/schema';
import { dayInZone } from '../time-logs/time-log-list.query';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let today: string;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
  today = dayInZone(new Date(), app.ctx.config.agencyTimeZone);
});
afterAll(() => close());

function shift(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function dashboard(who: BuiltUser) {
  const response = await app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A task on `projectId` with this person as responsible (or follower). */
async function taskFor(
  userId: number,
  projectId: number,
  values: Partial<typeof tasks.$inferInsert>,
  pivot: 'responsible' | 'follower' = 'responsible',
) {
  const [task] = await db
    .insert(tasks)
    .values({ title: 'Dashboard task', ...values, projectId })
    .returning();
  if (!task) {
    throw new Error('task not created');
  }
  await db.insert(taskUsers).values({ taskId: task.id, userId, pivot });
  return task;
}

describe('GET dashboard', () => {
  it("cuts my open tasks into overdue, due today and later this week, leaving out others', done and later ones", async () => {
    const me = await buildUser(db, { permissions: PERMISSIONS });
    const other = await buildUser(db);
    const plan = await buildPlan(db);
    const first = await dashboard(me);
    const weekEnd: string = first.week_end;
    await taskFor(me.id, plan.id, { title: 'Late high', endDate: shift(today, -1), priority: 2 });
    await taskFor(me.id, plan.id, { title: 'Late low', endDate: shift(today, -1), priority: 0 });
    await taskFor(me.id, plan.id, { title: 'Later late', endDate: shift(today, -10), priority: 0 });
    await taskFor(me.id, plan.id, { title: 'Due today', endDate: today });
    await taskFor(me.id, plan.id, { title: 'Done today', endDate: today, status: 'completed' });
    await taskFor(me.id, plan.id, { title: 'Next week', endDate: shift(weekEnd, 1) });
    await taskFor(me.id, plan.id, { title: 'No due date' });
    await taskFor(me.id, plan.id, { title: 'Following only', endDate: today }, 'follower');
    await taskFor(other.id, plan.id, { title: 'Theirs', endDate: today });
    if (weekEnd > today) {
      await taskFor(me.id, plan.id, { title: 'This week', endDate: weekEnd });
    }

    const data = await dashboard(me);
    expect(data.today).toBe(today);
    expect(data.tasks.overdue.items.map((t: { title: string }) => t.title)).toEqual([
      'Later late',
      'Late high',
      'Late low',
    ]);
    expect(data.tasks.overdue.count).toBe(3);
    expect(data.tasks.today.items.map((t: { title: string }) => t.title)).toEqual(['Due today']);
    expect(data.tasks.week.items.map((t: { title: string }) => t.title)).toEqual(weekEnd > today ? ['This week'] : []);
    expect(data.tasks.today.items[0]).toMatchObject({ status: 'todo', end_date: today, project: { uuid: plan.uuid } });
  });

  it('carries at most ten rows per group with the full count', async () => {
    const me = await buildUser(db, { permissions: PERMISSIONS });
    const plan = await buildPlan(db);
    for (let i = 1; i <= 12; i++) {
      await taskFor(me.id, plan.id, { title: `Late ${i}`, endDate: shift(today, -i) });
    }
    const data = await dashboard(me);
    expect(data.tasks.overdue.count).toBe(12);
    expect(data.tasks.overdue.items).toHaveLength(10);
    expect(data.tasks.overdue.items[0].title).toBe('Late 12');
  });

  it('shows the running timer before a paused one, with the count of open timers and the week', async () => {
    const me = await buildUser(db, { permissions: PERMISSIONS });
    const plan = await buildPlan(db);
    const paused = await taskFor(me.id, plan.id, { title: 'Paused one' });
    const running = await taskFor(me.id, plan.id, { title: 'Running one' });
    await db.insert(timeLogs).values([
      { taskId: paused.id, userId: me.id, date: today, minutes: 30, status: 'paused' },
      { taskId: running.id, userId: me.id, date: today, minutes: 15, status: 'running', startedAt: new Date() },
    ]);
    const data = await dashboard(me);
    expect(data.timer.count).toBe(2);
    expect(data.timer.current).toMatchObject({ status: 'running', task: { uuid: running.uuid } });
    expect(data.week.today).toBe(today);
    expect(data.week.total_minutes).toBeGreaterThanOrEqual(45);
  });

  it('lists requests waiting for me and, for a plan manager, the new requests on the plans I manage', async () => {
    const me = await buildUser(db, { permissions: PERMISSIONS });
    const managed = await buildPlan(db, { projectManagerId: me.id });
    const elsewhere = await buildPlan(db);
    const insert = (subject: string, status: string, projectId: number) =>
      db
        .insert(requests)
        .values({ subject, status, projectId })
        .returning()
        .then((rows) => rows[0] as typeof requests.$inferSelect);
    const mineNew = await insert('Mine new', 'new', elsewhere.id);
    const mineAttention = await insert('Mine needs attention', 'needs_attention', elsewhere.id);
    const mineBusy = await insert('Mine in progress', 'in_progress', elsewhere.id);
    await insert('New on my plan', 'new', managed.id);
    await insert('Draft on my plan', 'draft', managed.id);
    await insert('New elsewhere', 'new', elsewhere.id);
    await db
      .insert(requestUsers)
      .values(
        [mineNew, mineAttention, mineBusy].map((r) => ({ requestId: r.id, userId: me.id, pivot: 'responsible' })),
      );

    const data = await dashboard(me);
    expect(data.requests.waiting.items.map((r: { subject: string }) => r.subject)).toEqual([
      'Mine new',
      'Mine needs attention',
    ]);
    expect(data.requests.waiting.count).toBe(2);
    expect(data.requests.new_on_my_plans.items.map((r: { subject: string }) => r.subject)).toEqual(['New on my plan']);
    expect(data.requests.new_on_my_plans.items[0].project).toEqual({ uuid: managed.uuid, title: managed.title });

    const nobody = await dashboard(await buildUser(db, { permissions: PERMISSIONS }));
    expect(nobody.requests).toEqual({ waiting: { count: 0, items: [] }, new_on_my_plans: null });
  });

  it('counts unread mentions and shows what others changed on tasks I am on, never my own changes', async () => {
    const me = await buildUser(db, { permissions: PERMISSIONS });
    const other = await buildUser(db, { name: 'Olga Other' });
    const plan = await buildPlan(db);
    const followed = await taskFor(me.id, plan.id, { title: 'Followed task' }, 'follower');
    const [unrelated] = await db.insert(tasks).values({ title: 'Not mine', projectId: plan.id }).returning();
    await db.insert(activityLogs).values([
      { subjectType: 'task', subjectId: followed.id, authorId: other.id, action: 'update', changes: { status: {} } },
      { subjectType: 'task', subjectId: followed.id, authorId: me.id, action: 'update', changes: { title: {} } },
      { subjectType: 'task', subjectId: unrelated?.id ?? 0, authorId: other.id, action: 'create', changes: {} },
    ]);
    await db.insert(notifications).values([
      { userId: me.id, number: 1, type: 'comment', data: { title: 'a', has_mention: true } },
      { userId: me.id, number: 2, type: 'comment', data: { title: 'b', has_mention: true }, readAt: new Date() },
      { userId: me.id, number: 3, type: 'task', data: { title: 'c' } },
    ] as never);

    const data = await dashboard(me);
    expect(data.mentions).toEqual({ unread: 1 });
    expect(data.activity).toHaveLength(1);
    expect(data.activity[0]).toMatchObject({
      subject_type: 'task',
      subject: { uuid: followed.uuid, title: 'Followed task' },
      action: 'update',
      fields: ['status'],
      author: { uuid: other.uuid, name: 'Olga Other' },
    });
  });

  it('gives a freelancer their tasks, timer, week and mentions, but no requests or activity blocks', async () => {
    const plan = await buildPlan(db);
    await taskFor(actors.freelancer.id, plan.id, { title: 'Freelance late', endDate: shift(today, -2) });
    const data = await dashboard(actors.freelancer);
    expect(data.tasks.overdue.items.map((t: { title: string }) => t.title)).toEqual(['Freelance late']);
    expect(data.timer).toEqual({ count: 0, current: null });
    expect(data.week).not.toBeNull();
    expect(data.mentions).toEqual({ unread: 0 });
    expect(data.requests).toBeNull();
    expect(data.activity).toBeNull();
  });

  it('is refused to client contacts, to anyone without DASHBOARD_READ and to the signed out', async () => {
    const bare = await buildUser(db, { permissions: ['TASKS_READ'] });
    for (const [who, status] of [
      [actors.contact, 403],
      [bare, 403],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(who.token) });
      expect(response.statusCode).toBe(status);
    }
    expect((await app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
