import { WEEKLY_MINUTES_THRESHOLDS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { timeLogs } from '../../db/schema';
import { buildTask } from './test-helpers';
import { getWeeklySummary } from './time-log-list.query';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let taskId: number;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  taskId = (await buildTask(db)).id;
});
afterAll(() => close());

const NY = 'America/New_York';
async function logs(userId: number, entries: [string, number, ('completed' | 'paused')?][]) {
  await db
    .insert(timeLogs)
    .values(entries.map(([date, minutes, status = 'completed']) => ({ taskId, userId, date, minutes, status })));
}

describe('weekly summary', () => {
  it('sums the Monday–Sunday week by day, ignoring other weeks and other users', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    await logs(user.id, [
      ['2026-11-15', 600], // the Sunday before
      ['2026-11-16', 480],
      ['2026-11-18', 240],
      ['2026-11-18', 60, 'paused'],
      ['2026-11-22', 30],
      ['2026-11-23', 999], // next Monday
    ]);
    await logs(other.id, [['2026-11-18', 300]]);
    const summary = await getWeeklySummary(db, user.id, NY, new Date('2026-11-20T15:00:00Z'));
    expect(summary).toEqual({
      week_start: '2026-11-16',
      week_end: '2026-11-22',
      today: '2026-11-20',
      total_minutes: 810,
      by_day: [
        { date: '2026-11-16', minutes: 480 },
        { date: '2026-11-17', minutes: 0 },
        { date: '2026-11-18', minutes: 300 },
        { date: '2026-11-19', minutes: 0 },
        { date: '2026-11-20', minutes: 0 },
        { date: '2026-11-21', minutes: 0 },
        { date: '2026-11-22', minutes: 30 },
      ],
      threshold_minutes: 1800,
      behind: true,
    });
  });

  it("is behind only below the weekday's threshold (doc 1 §9), at and above it is not", async () => {
    const user = await buildUser(db);
    await logs(user.id, [['2026-11-16', 900]]);
    // Wednesday: 900 needed.
    const wednesday = await getWeeklySummary(db, user.id, NY, new Date('2026-11-18T17:00:00Z'));
    expect(wednesday).toMatchObject({ threshold_minutes: WEEKLY_MINUTES_THRESHOLDS[3], behind: false });
    // Thursday: 1350 needed.
    const thursday = await getWeeklySummary(db, user.id, NY, new Date('2026-11-19T17:00:00Z'));
    expect(thursday).toMatchObject({ threshold_minutes: 1350, behind: true });
    // Monday never turns red.
    const monday = await getWeeklySummary(db, user.id, NY, new Date('2026-11-16T17:00:00Z'));
    expect(monday).toMatchObject({ threshold_minutes: 0, behind: false });
  });

  it('counts days in the agency time zone, not UTC', async () => {
    const user = await buildUser(db);
    await logs(user.id, [['2026-11-16', 60]]);
    // 03:00 UTC on Tuesday is still Monday evening in New York.
    const summary = await getWeeklySummary(db, user.id, NY, new Date('2026-11-17T03:00:00Z'));
    expect(summary).toMatchObject({ today: '2026-11-16', week_start: '2026-11-16', threshold_minutes: 0 });
    // A Sunday in New York belongs to the week that started six days before.
    const sunday = await getWeeklySummary(db, user.id, NY, new Date('2026-11-23T04:00:00Z'));
    expect(sunday).toMatchObject({ today: '2026-11-22', week_start: '2026-11-16', total_minutes: 60 });
  });

  it('includes a running timer up to now', async () => {
    const user = await buildUser(db);
    const now = new Date('2026-11-18T17:00:00Z');
    await db.insert(timeLogs).values({
      taskId,
      userId: user.id,
      date: '2026-11-18',
      minutes: 10,
      status: 'running',
      startedAt: new Date(now.getTime() - 35 * 60_000),
    });
    const summary = await getWeeklySummary(db, user.id, NY, now);
    expect(summary.total_minutes).toBe(45);
  });

  it("answers the caller's own week at GET /api/time-log/weekly-summary", async () => {
    const user = await buildUser(db, { permissions: ['TIMELOG_READ'] });
    const res = await app.inject({ url: '/api/time-log/weekly-summary', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.by_day).toHaveLength(7);
    expect(data.total_minutes).toBe(0);
    expect(data.week_start <= data.today && data.today <= data.week_end).toBe(true);
  });
});
