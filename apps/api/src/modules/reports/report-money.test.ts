import { PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { tasks, timeLogs } from '../../db/schema';
import { parseCsv } from '../tables/test-helpers';
import { addDays, today } from './report-scope';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let admin: BuiltUser;
let viewer: BuiltUser;
let retainer: Awaited<ReturnType<typeof buildPlan>>;
let second: Awaited<ReturnType<typeof buildPlan>>;
const day = today('America/New_York');
const periodStart = addDays(day, -5);
const RANGE = `date_from=${addDays(day, -45)}&date_to=${day}`;

/**
 * By hand. Agency rates: billable $150.00/h, non-billable $90.00/h, sgm-non-billable $60.00/h; the retainer's own
 * billable rate $200.00/h; its default category non-billable. Each log is priced on its own, rounded to the cent:
 * - retainer, this period: 100 min billable → 100 × 20000 / 60 = 33333.33 → 33333; 45 min without a category
 *   (→ non-billable) → 6750; 10 min sgm → 1000. Period: 41083 ($410.83).
 * - retainer, 40 days ago: 30 min billable → 10000. All time: 51083 ($510.83).
 * - second plan, this period: 20 min billable at the agency's rate → 5000 ($50.00).
 * Project time report total 46083 ($460.83); time-log report over 45 days 56083 ($560.83).
 */
beforeAll(async () => {
  ({ app, db, close } = await getTestApp({ env: { AGENCY_TIME_ZONE: 'America/New_York' } }));
  admin = await buildUser(db, { permissions: PERMISSIONS });
  viewer = await buildUser(db, { permissions: ['PROJECTS_READ', 'TIMELOG_READ'] });
  retainer = await buildPlan(db, {
    title: 'Money retainer',
    startDate: periodStart,
    refillMinutes: 600,
    defaultTimelogCategory: 'non-billable',
  });
  second = await buildPlan(db, { title: 'Money second', startDate: periodStart, refillMinutes: 300 });
  const [task, other] = await db
    .insert(tasks)
    .values([
      { title: 'Money task', projectId: retainer.id },
      { title: 'Second task', projectId: second.id },
    ])
    .returning();
  const log = (taskId: number | undefined, date: string, minutes: number, category: string | null) =>
    ({ taskId, userId: admin.id, date, minutes, category, status: 'completed' }) as typeof timeLogs.$inferInsert;
  await db
    .insert(timeLogs)
    .values([
      log(task?.id, addDays(day, -2), 100, 'billable'),
      log(task?.id, addDays(day, -1), 45, null),
      log(task?.id, addDays(day, -1), 10, 'sgm-non-billable'),
      log(task?.id, addDays(day, -40), 30, 'billable'),
      log(other?.id, addDays(day, -1), 20, 'billable'),
    ]);
  const put = (url: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: bearer(admin.token), payload });
  await put('/api/administration', {
    hourly_rates: { billable: 15_000, 'non-billable': 9_000, 'sgm-non-billable': 6_000 },
  });
  await put(`/api/administration/plan-rates/${retainer.uuid}`, { hourly_rates: { billable: 20_000 } });
});
afterAll(() => close());

const get = (url: string, token = admin.token) => app.inject({ method: 'GET', url, headers: bearer(token) });

describe('money in reports', () => {
  it('prices the project time report’s time this period at each plan’s applicable rates', async () => {
    const res = await get('/api/reports/project-time?search_term=Money');
    expect(res.statusCode, res.body).toBe(200);
    const amounts = Object.fromEntries(
      res.json().data.map((row: { title: string; spent_amount_cents: number }) => [row.title, row.spent_amount_cents]),
    );
    expect(amounts).toEqual({ 'Money retainer': 41_083, 'Money second': 5_000 });
    expect(res.json().totals.spent_amount_cents).toBe(46_083);
  });

  it('prices every time-log report row, the plans’ totals and the grand total', async () => {
    const res = await get(`/api/reports/time-logs?${RANGE}&page[size]=50`);
    expect(res.statusCode, res.body).toBe(200);
    const { data, totals } = res.json();
    const rows = data.map((row: { minutes: number; amount_cents: number }) => [row.minutes, row.amount_cents]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [100, 33_333],
        [45, 6_750],
        [10, 1_000],
        [30, 10_000],
        [20, 5_000],
      ]),
    );
    expect(totals.amount_cents).toBe(56_083);
    const byPlan = Object.fromEntries(
      totals.by_project.map((p: { project: { title: string }; amount_cents: number }) => [
        p.project.title,
        p.amount_cents,
      ]),
    );
    expect(byPlan).toEqual({ 'Money retainer': 51_083, 'Money second': 5_000 });
  });

  it('exports the amounts in USD with two decimals next to the figures', async () => {
    const res = await get(`/api/reports/time-logs/export-all?${RANGE}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.rawPayload);
    const amount = header?.indexOf('Amount (USD)') ?? -1;
    expect(amount).toBeGreaterThan(0);
    expect(rows.map((row) => row[amount]).sort()).toEqual(['10.00', '100.00', '333.33', '50.00', '67.50']);
  });

  it('shows the budget panel’s amounts for this period and in all', async () => {
    const res = await get(`/api/projects/${retainer.uuid}/budget`);
    expect(res.json().data).toMatchObject({ period_amount_cents: 41_083, timelog_amount_cents: 51_083 });
  });

  it('answers no amounts (and exports none) to staff without CHARGES_READ', async () => {
    const report = await get(`/api/reports/time-logs?${RANGE}`, viewer.token);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals.amount_cents).toBeNull();
    expect(report.json().data.every((row: { amount_cents: null }) => row.amount_cents === null)).toBe(true);
    const budget = await get(`/api/projects/${second.uuid}/budget`, viewer.token);
    expect(budget.json().data).toMatchObject({ period_amount_cents: null, timelog_amount_cents: null });
    const exported = await get(`/api/reports/time-logs/export-all?${RANGE}&format=csv`, viewer.token);
    expect(parseCsv(exported.rawPayload)[0]).not.toContain('Amount (USD)');
  });

  it('follows a rate change: without the override the agency’s billable rate applies', async () => {
    await app.inject({
      method: 'PUT',
      url: `/api/administration/plan-rates/${retainer.uuid}`,
      headers: bearer(admin.token),
      payload: { hourly_rates: {} },
    });
    // 100 min at $150.00/h = 25000; 6750 + 1000 unchanged.
    const res = await get(`/api/projects/${retainer.uuid}/budget`);
    expect(res.json().data.period_amount_cents).toBe(32_750);
  });
});
