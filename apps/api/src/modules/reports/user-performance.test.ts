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
  ({ app, db, close } = await getTestApp({ env: { AGENCY_TIME_ZONE: 'UTC' } }));
  fx = await buildTimeFixture(db);
});
afterAll(() => close());

// The 30 days ending Sunday 2025-03-09: 2025-02-08 … 2025-03-09, 20 working days → 9,000 expected minutes.
const WINDOW = 'date_to=2025-03-09';
const get = (path: string, token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/reports/user-performance${path}?${WINDOW}${query}`, headers: bearer(token) });

describe('GET reports/user-performance', () => {
  it('answers a person figures over the 30-day window, computed by hand', async () => {
    const res = await get(`/${fx.alice.uuid}`, fx.manager.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.window).toEqual({ date_from: '2025-02-08', date_to: '2025-03-09' });
    expect(data).toMatchObject({
      user: { uuid: fx.alice.uuid, name: 'Alice Report', type: 'regular_user' },
      logged_minutes: 210,
      expected_minutes: 9000,
      logged_percent: 2.3,
      billable_minutes: 120,
      billable_share: 57.1,
      tasks_completed: 1,
      requests_completed: 1,
      // The task was done before its end date, the request after its target date.
      on_time_rate: 50,
      // Estimated 240, logged 210 on the task by everyone: 100 − 30/240 × 100.
      estimate_accuracy: 87.5,
    });
    expect(data.by_day).toHaveLength(30);
    expect(data.by_day.find((d: { date: string }) => d.date === '2025-03-04')).toEqual({
      date: '2025-03-04',
      logged_minutes: 90,
      billable_minutes: 0,
      expected_minutes: 450,
      tasks_completed: 0,
      requests_completed: 0,
    });
    expect(data.by_day.find((d: { date: string }) => d.date === '2025-03-08').expected_minutes).toBe(0);
    expect(data.by_category).toEqual([
      { category: 'billable', minutes: 120 },
      { category: 'non-billable', minutes: 60 },
      { category: 'sgm-non-billable', minutes: 30 },
    ]);
    expect(data.by_source).toEqual([
      { source: 'task', minutes: 180 },
      { source: 'request', minutes: 30 },
    ]);
    expect(
      data.by_project.map((p: { project: { title: string }; minutes: number }) => [p.project.title, p.minutes]),
    ).toEqual([
      ['Report retainer', 150],
      ['Report hosting', 60],
    ]);
  });

  it('applies the category, source and project type filters', async () => {
    const billable = (await get(`/${fx.alice.uuid}`, fx.manager.token, '&category=billable')).json().data;
    expect(billable.logged_minutes).toBe(120);
    const requestsOnly = (await get(`/${fx.alice.uuid}`, fx.manager.token, '&source=request')).json().data;
    expect(requestsOnly).toMatchObject({ logged_minutes: 30, tasks_completed: 0, requests_completed: 1 });
    const hosting = (await get(`/${fx.alice.uuid}`, fx.manager.token, '&project_type=hosting')).json().data;
    expect(hosting).toMatchObject({ logged_minutes: 60, tasks_completed: 0, requests_completed: 0 });
  });

  it('lists everyone in scope with the team series, filtered by user type', async () => {
    const res = await get('', fx.manager.token, '&search_term=Report&sort[by]=logged_minutes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.data.map((r: { user: { name: string }; logged_minutes: number }) => [r.user.name, r.logged_minutes]),
    ).toEqual([
      ['Alice Report', 210],
      ['Fran Report', 90],
      ['Manny Report', 0],
    ]);
    expect(body.meta).toMatchObject({ total: 3, window: { date_from: '2025-02-08', date_to: '2025-03-09' } });
    expect(body.totals).toMatchObject({ logged_minutes: 300, expected_minutes: 27000, tasks_completed: 1 });
    expect(body.totals.by_day).toHaveLength(30);
    const freelancers = (await get('', fx.manager.token, '&search_term=Report&user_type=freelancer')).json();
    expect(freelancers.data.map((r: { user: { name: string } }) => r.user.name)).toEqual(['Fran Report']);
  });

  it('shows a freelancer only themselves, and refuses them someone else', async () => {
    const list = await get('', fx.fran.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { user: { uuid: string } }) => r.user.uuid)).toEqual([fx.fran.uuid]);
    expect((await get(`/${fx.fran.uuid}`, fx.fran.token)).json().data.logged_minutes).toBe(90);
    expect((await get(`/${fx.alice.uuid}`, fx.fran.token)).statusCode).toBe(403);
  });

  it('answers 404 for someone who is not staff', async () => {
    const res = await get('/00000000-0000-4000-8000-000000000000', fx.manager.token);
    expect(res.statusCode).toBe(404);
  });
});
