import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { planCredits, planTimeTotals, reportTimeLogs, requests, tasks, timeLogs } from '../../db/schema';
import { addDays, today } from './report-scope';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const day = today('America/New_York');
const periodStart = addDays(day, -5);

/**
 * A retainer plan started five days ago (so its current period began then), by hand:
 * credits 600 (this period) + 120 (adjustment) − 50 (expiry) = 670; logs 100 (task) + 40 (request) this period and
 * 200 forty days ago = 340 in all; one open request estimated 60–90 whose service (Email Design) says 60.
 */
beforeAll(async () => {
  ({ app, db, close } = await getTestApp({ env: { AGENCY_TIME_ZONE: 'America/New_York' } }));
  actors = await buildActors(db);
  plan = await buildPlan(db, { title: 'Timecheck retainer', startDate: periodStart, refillMinutes: 600 });
  await db.insert(planCredits).values([
    { projectId: plan.id, date: periodStart, minutes: 600, kind: 'period_credit', periodStart },
    { projectId: plan.id, date: addDays(day, -60), minutes: 120, kind: 'manual_adjustment', note: 'bonus' },
    { projectId: plan.id, date: addDays(day, -35), minutes: -50, kind: 'expiry', periodStart: addDays(day, -35) },
  ]);
  const [task] = await db.insert(tasks).values({ title: 'Timecheck task', projectId: plan.id }).returning();
  const [open] = await db
    .insert(requests)
    .values({
      subject: 'Open one',
      projectId: plan.id,
      status: 'new',
      estimatedMin: 60,
      estimatedMax: 90,
      requestTypeId: 8,
    })
    .returning();
  await db.insert(timeLogs).values([
    { taskId: task?.id, userId: actors.manager.id, date: addDays(day, -2), minutes: 100 },
    { requestId: open?.id, userId: actors.manager.id, date: addDays(day, -1), minutes: 40 },
    { taskId: task?.id, userId: actors.manager.id, date: addDays(day, -40), minutes: 200 },
  ]);
  await buildPlan(db, { title: 'Timecheck finished', status: 'completed', startDate: periodStart });
});
afterAll(() => close());

const get = (query: string, token = actors.manager.token) =>
  app.inject({ method: 'GET', url: `/api/reports/project-time?${query}`, headers: bearer(token) });

describe('GET reports/project-time', () => {
  it('answers the budget figures of a plan as the budget panel computes them', async () => {
    const res = await get('search_term=Timecheck');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        uuid: plan.uuid,
        title: 'Timecheck retainer',
        status: 'active',
        project_type: 'retainer',
        customer: { uuid: expect.any(String), business_name: expect.any(String) },
        period_start: periodStart,
        budget: 600,
        spent: 140,
        estimated: 230,
        estimated_original: 200,
        total_credits: 670,
        total_timelogs: 340,
        available_from_timelogs: 330,
        available: 240,
        spent_percent: 23.3,
        estimated_percent: 38.3,
        // The agency's rates are still $0.00 here (report-money.test.ts prices time).
        spent_amount_cents: 0,
      },
    ]);
    expect(res.json().meta).toEqual({ total: 1, current_page: 1, last_page: 1, per_page: 50 });
    expect(res.json().totals).toMatchObject({ budget: 600, spent: 140, total_credits: 670, total_timelogs: 340 });
    const panel = await app.inject({
      method: 'GET',
      url: `/api/projects/${plan.uuid}/budget`,
      headers: bearer(actors.manager.token),
    });
    expect(panel.json().data).toMatchObject({ refil: 670, timelog: 340, balance: 330, budget: 600 });
  });

  it('leaves completed plans out by default and takes them by filters[projects.status][]', async () => {
    const titles = async (q: string) => (await get(q)).json().data.map((r: { title: string }) => r.title);
    expect(await titles('search_term=Timecheck')).toEqual(['Timecheck retainer']);
    const tableForm = 'search_term[0][field]=title&search_term[0][rule]=contains&search_term[0][value]=Timecheck';
    expect(await titles(tableForm)).toEqual(['Timecheck retainer']);
    expect(await titles('search_term=Timecheck&filters[projects.status][]=completed')).toEqual(['Timecheck finished']);
  });

  it('filters by advertising services and by project type', async () => {
    expect((await get('search_term=Timecheck&advertising=1')).json().data).toEqual([]);
    expect((await get('search_term=Timecheck&advertising=0')).json().data).toHaveLength(1);
    expect((await get('search_term=Timecheck&filters[project_type][]=hosting')).json().data).toEqual([]);
  });

  it('is for regular users with PROJECTS_READ only', async () => {
    expect((await get('', actors.freelancer.token)).statusCode).toBe(403);
    const noRead = await buildUser(db, { permissions: ['TIMELOG_READ'] });
    expect((await get('', noRead.token)).statusCode).toBe(403);
  });
});

describe('plan_time_totals', () => {
  const total = async (projectId: number) =>
    (await db.select().from(planTimeTotals).where(eq(planTimeTotals.projectId, projectId)))[0]?.minutes ?? 0;

  it('follows log writes, task moves and deletions', async () => {
    const a = await buildPlan(db);
    const b = await buildPlan(db);
    const [task] = await db.insert(tasks).values({ title: 'Moving', projectId: a.id }).returning();
    const [request] = await db.insert(requests).values({ subject: 'R', projectId: a.id, status: 'new' }).returning();
    const [log] = await db
      .insert(timeLogs)
      .values([
        { taskId: task?.id, userId: actors.manager.id, date: day, minutes: 30 },
        { requestId: request?.id, userId: actors.manager.id, date: day, minutes: 15 },
      ])
      .returning();
    expect(await total(a.id)).toBe(45);
    await db
      .update(timeLogs)
      .set({ minutes: 50 })
      .where(eq(timeLogs.id, log?.id ?? 0));
    expect(await total(a.id)).toBe(65);
    await db
      .update(tasks)
      .set({ projectId: b.id })
      .where(eq(tasks.id, task?.id ?? 0));
    expect([await total(a.id), await total(b.id)]).toEqual([15, 50]);
    await db
      .update(requests)
      .set({ projectId: b.id })
      .where(eq(requests.id, request?.id ?? 0));
    expect([await total(a.id), await total(b.id)]).toEqual([0, 65]);
    await db.delete(tasks).where(eq(tasks.id, task?.id ?? 0));
    expect(await total(b.id)).toBe(15);
    await db.delete(requests).where(eq(requests.id, request?.id ?? 0));
    expect(await total(b.id)).toBe(0);
  });

  it('keeps the reports read model of each log with its plan through edits, moves and deletes', async () => {
    const a = await buildPlan(db);
    const b = await buildPlan(db);
    const [task] = await db.insert(tasks).values({ title: 'Mirrored', projectId: a.id }).returning();
    const [log] = await db
      .insert(timeLogs)
      .values({ taskId: task?.id, userId: actors.manager.id, date: day, minutes: 30, category: 'billable' })
      .returning();
    const mirror = async () =>
      (
        await db
          .select()
          .from(reportTimeLogs)
          .where(eq(reportTimeLogs.timeLogId, log?.id ?? 0))
      )[0];
    expect(await mirror()).toMatchObject({ projectId: a.id, minutes: 30, status: 'completed', category: 'billable' });
    await db
      .update(timeLogs)
      .set({ minutes: 45, status: 'paused' })
      .where(eq(timeLogs.id, log?.id ?? 0));
    expect(await mirror()).toMatchObject({ projectId: a.id, minutes: 45, status: 'paused' });
    await db
      .update(tasks)
      .set({ projectId: b.id })
      .where(eq(tasks.id, task?.id ?? 0));
    expect((await mirror())?.projectId).toBe(b.id);
    await db.delete(timeLogs).where(eq(timeLogs.id, log?.id ?? 0));
    expect(await mirror()).toBeUndefined();
  });

  it("moves a request's own logs with it, in the totals and the read model, and leaves its tasks' logs on their plan", async () => {
    const a = await buildPlan(db);
    const b = await buildPlan(db);
    const [request] = await db.insert(requests).values({ subject: 'R', projectId: a.id, status: 'new' }).returning();
    const [task] = await db
      .insert(tasks)
      .values({ title: 'Of the request', projectId: a.id, requestId: request?.id })
      .returning();
    const logs = await db
      .insert(timeLogs)
      .values([
        { requestId: request?.id, userId: actors.manager.id, date: day, minutes: 20 },
        { requestId: request?.id, taskId: task?.id, userId: actors.manager.id, date: day, minutes: 40 },
      ])
      .returning();
    const planOf = async (id: number | undefined) =>
      (
        await db
          .select()
          .from(reportTimeLogs)
          .where(eq(reportTimeLogs.timeLogId, id ?? 0))
      )[0]?.projectId;
    expect([await total(a.id), await total(b.id)]).toEqual([60, 0]);
    await db
      .update(requests)
      .set({ projectId: b.id })
      .where(eq(requests.id, request?.id ?? 0));
    expect([await total(a.id), await total(b.id)]).toEqual([40, 20]);
    expect([await planOf(logs[0]?.id), await planOf(logs[1]?.id)]).toEqual([b.id, a.id]);
    // A log moved from the task to the request alone follows the request's plan.
    await db
      .update(timeLogs)
      .set({ taskId: null })
      .where(eq(timeLogs.id, logs[1]?.id ?? 0));
    expect([await total(a.id), await total(b.id)]).toEqual([0, 60]);
    expect(await planOf(logs[1]?.id)).toBe(b.id);
  });
});
