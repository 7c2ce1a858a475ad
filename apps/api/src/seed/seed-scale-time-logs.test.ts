import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, buildUser } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { buildTask } from '../modules/time-logs/test-helpers';
import { seedScaleTimeLogs } from './seed-scale-time-logs';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp());
});
afterAll(() => close());

describe('scale time logs', () => {
  it('does nothing before the scale tasks exist', async () => {
    expect(await seedScaleTimeLogs(db, { logs: 100, staff: 2 })).toEqual({ logs: 0, skipped: true });
  });

  it('spreads the logs over staff, scale tasks and days, set-based, once', async () => {
    await buildUser(db);
    const plan = await buildPlan(db, { title: 'Scale plan 000001' });
    for (let i = 0; i < 3; i++) {
      await buildTask(db, { projectId: plan.id });
    }
    expect(await seedScaleTimeLogs(db, { logs: 600, staff: 5, days: 10 })).toEqual({ logs: 600, skipped: false });
    const stats = await db.execute<{ n: number; users: number; tasks: number; days: number; running: number }>(sql`
      select count(*)::int as n, count(distinct user_id)::int as users, count(distinct task_id)::int as tasks,
             count(distinct date)::int as days, count(*) filter (where status = 'running')::int as running
      from time_logs`);
    expect(stats.rows[0]).toEqual({ n: 600, users: 6, tasks: 3, days: 10, running: 0 });
    expect((await seedScaleTimeLogs(db, { logs: 600, staff: 5, days: 10 })).skipped).toBe(true);
  });
});
