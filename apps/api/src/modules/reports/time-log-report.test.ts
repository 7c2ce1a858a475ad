import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { buildTimeFixture, type TimeFixture } from './report-fixtures';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let fx: TimeFixture;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  fx = await buildTimeFixture(db);
});
afterAll(() => close());

const WEEK = 'date_from=2025-03-03&date_to=2025-03-09';

async function report(token: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/reports/time-logs?${WEEK}${query}`,
    headers: bearer(token),
  });
  return res;
}

describe('GET reports/time-logs', () => {
  it('totals the completed logs of the range per user, per plan and per day', async () => {
    const res = await report(fx.manager.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({
      total: 4,
      current_page: 1,
      last_page: 1,
      per_page: 50,
      window: { date_from: '2025-03-03', date_to: '2025-03-09' },
    });
    expect(body.totals.total).toBe(300);
    expect(body.totals.billable).toBe(210);
    expect(
      body.totals.by_user.map((u: { user: { name: string }; minutes: number; billable_minutes: number }) => [
        u.user.name,
        u.minutes,
        u.billable_minutes,
      ]),
    ).toEqual([
      ['Alice Report', 210, 120],
      ['Fran Report', 90, 90],
    ]);
    expect(
      body.totals.by_project.map((p: { project: { title: string }; minutes: number; billable_minutes: number }) => [
        p.project.title,
        p.minutes,
        p.billable_minutes,
      ]),
    ).toEqual([
      ['Report retainer', 240, 210],
      ['Report hosting', 60, 0],
    ]);
    expect(body.totals.by_project_count).toBe(2);
    expect(body.totals.by_day.map((d: { date: string; minutes: number }) => [d.date, d.minutes])).toEqual([
      ['2025-03-03', 120],
      ['2025-03-04', 90],
      ['2025-03-05', 90],
      ['2025-03-06', 0],
      ['2025-03-07', 0],
      ['2025-03-08', 0],
      ['2025-03-09', 0],
    ]);
    const tuesday = body.totals.by_day[1];
    expect(tuesday.by_user).toEqual([{ uuid: fx.alice.uuid, minutes: 90 }]);
    expect(tuesday.by_project).toEqual([
      { uuid: fx.hosting.uuid, minutes: 60 },
      { uuid: fx.retainer.uuid, minutes: 30 },
    ]);
  });

  it('answers rows newest first with source, category (the plan default when none) and the plan and client', async () => {
    const body = (await report(fx.manager.token)).json();
    expect(body.data.map((r: { date: string; minutes: number }) => [r.date, r.minutes])).toEqual([
      ['2025-03-05', 90],
      ['2025-03-04', 30],
      ['2025-03-04', 60],
      ['2025-03-03', 120],
    ]);
    const hostingLog = body.data.find((r: { minutes: number }) => r.minutes === 60);
    expect(hostingLog).toMatchObject({
      category: 'non-billable',
      source: 'task',
      task: { title: 'Hosting work' },
      project: { uuid: fx.hosting.uuid, title: 'Report hosting', project_type: 'hosting' },
      user: { uuid: fx.alice.uuid, name: 'Alice Report', type: 'regular_user' },
      missed: true,
    });
    expect(hostingLog.customer.business_name).toEqual(expect.any(String));
    const requestLog = body.data.find((r: { minutes: number }) => r.minutes === 30);
    expect(requestLog).toMatchObject({
      source: 'request',
      source_uuid: fx.request.uuid,
      request: { subject: 'Report request' },
      task: null,
      category: 'sgm-non-billable',
    });
  });

  it('pages with page[size] and keeps the totals over every row', async () => {
    const body = (await report(fx.manager.token, '&page[size]=2&page[number]=2')).json();
    expect(body.data.map((r: { minutes: number }) => r.minutes)).toEqual([60, 120]);
    expect(body.meta).toMatchObject({ total: 4, current_page: 2, last_page: 2, per_page: 2 });
    expect(body.totals.total).toBe(300);
  });

  it.each([
    ['source=request', 30],
    ['source[]=task', 270],
    ['category=non-billable', 60],
    ['category[]=billable&category[]=sgm-non-billable', 240],
    ['project_type=hosting', 60],
    ['user_type=freelancer', 90],
    ['status[]=completed&status[]=paused', 345],
  ])('filters by %s', async (filter, total) => {
    const body = (await report(fx.manager.token, `&${filter}`)).json();
    expect(body.totals.total).toBe(total);
  });

  it('filters by plan and by person', async () => {
    expect((await report(fx.manager.token, `&project_uuid=${fx.hosting.uuid}`)).json().totals.total).toBe(60);
    expect((await report(fx.manager.token, `&user_uuid=${fx.fran.uuid}`)).json().totals.total).toBe(90);
  });

  it('lists people/days below the weekly thresholds, counting all their time, and keeps only those with missed_only', async () => {
    const body = (await report(fx.manager.token)).json();
    const aliceDays = body.totals.missed.filter((m: { user_uuid: string }) => m.user_uuid === fx.alice.uuid);
    // Monday's and Sunday's thresholds are 0; Alice has 280 minutes by Thursday (paused and personal time too).
    expect(aliceDays.map((m: { date: string }) => m.date)).toEqual([
      '2025-03-08',
      '2025-03-07',
      '2025-03-06',
      '2025-03-05',
      '2025-03-04',
    ]);
    expect(aliceDays.find((m: { date: string }) => m.date === '2025-03-06')).toMatchObject({
      week_minutes: 280,
      threshold_minutes: 1350,
    });
    expect(body.totals.by_user.find((u: { user: { uuid: string } }) => u.user.uuid === fx.alice.uuid).missed_days).toBe(
      5,
    );
    const missed = (await report(fx.manager.token, '&missed_only=1')).json();
    expect(missed.totals.total).toBe(180);
    expect(missed.data.every((r: { missed: boolean }) => r.missed)).toBe(true);
    expect(
      missed.totals.by_user.map((u: { user: { uuid: string }; minutes: number }) => [u.user.uuid, u.minutes]),
    ).toEqual(
      expect.arrayContaining([
        [fx.alice.uuid, 90],
        [fx.fran.uuid, 90],
        [fx.manager.uuid, 0],
      ]),
    );
  });

  it('never shows time on someone else personal plan, but shows the owner theirs', async () => {
    expect((await report(fx.manager.token, `&user_uuid=${fx.alice.uuid}`)).json().totals.total).toBe(210);
    expect((await report(fx.alice.token, `&user_uuid=${fx.alice.uuid}`)).json().totals.total).toBe(235);
  });

  it('scopes a freelancer to their own logs and refuses another person by name', async () => {
    const own = await report(fx.fran.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().totals.total).toBe(90);
    expect(own.json().totals.by_user.map((u: { user: { uuid: string } }) => u.user.uuid)).toEqual([fx.fran.uuid]);
    expect(own.json().totals.missed.every((m: { user_uuid: string }) => m.user_uuid === fx.fran.uuid)).toBe(true);
    const other = await report(fx.fran.token, `&user_uuid=${fx.alice.uuid}`);
    expect(other.statusCode).toBe(403);
  });

  it('defaults to the last 30 days and refuses a reversed or over-long range with 422', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reports/time-logs', headers: bearer(fx.manager.token) });
    expect(res.statusCode).toBe(200);
    const { date_from, date_to } = res.json().meta.window;
    expect((Date.parse(date_to) - Date.parse(date_from)) / 86_400_000).toBe(29);
    const reversed = await app.inject({
      method: 'GET',
      url: '/api/reports/time-logs?date_from=2025-03-09&date_to=2025-03-03',
      headers: bearer(fx.manager.token),
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.date_from).toEqual(['The start date must be on or before the end date']);
    const long = await app.inject({
      method: 'GET',
      url: '/api/reports/time-logs?date_from=2020-01-01&date_to=2025-03-03',
      headers: bearer(fx.manager.token),
    });
    expect(long.statusCode).toBe(422);
    const big = await report(fx.manager.token, '&page[size]=501');
    expect(big.statusCode).toBe(422);
    const badCategory = await report(fx.manager.token, '&category=overtime');
    expect(badCategory.statusCode).toBe(422);
  });
});

describe('GET projects/time-log/general-report', () => {
  it('answers completed minutes on requests and on tasks', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/time-log/general-report?filters[status][]=completed&${WEEK}`,
      headers: bearer(fx.manager.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ requests_total_time: 30, tasks_total_time: 270, total_time: 300 });
  });

  it('gives a freelancer their own time only', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects/time-log/general-report?${WEEK}`,
      headers: bearer(fx.fran.token),
    });
    expect(res.json().data).toEqual({ requests_total_time: 0, tasks_total_time: 90, total_time: 90 });
  });
});
