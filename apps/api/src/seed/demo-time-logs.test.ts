import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { taskUsers, timeLogs } from '../db/schema';
import { buildTask } from '../modules/time-logs/test-helpers';
import { seedDemoTimeLogs } from './demo-time-logs';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp());
});
afterAll(() => close());

describe('demo time logs', () => {
  it('does nothing without tasks', async () => {
    expect(await seedDemoTimeLogs(db, { timeZone: 'America/New_York' })).toBe(0);
  });

  it('logs a week of weekdays for the demo people and leaves one paused timer', async () => {
    const admin = await buildUser(db, { email: 'admin@demo.test' });
    const manager = await buildUser(db, { email: 'manager@demo.test' });
    const freelancer = await buildUser(db, { email: 'freelancer@demo.test' });
    await buildTask(db);
    const freelancerTask = await buildTask(db);
    await db.insert(taskUsers).values({ taskId: freelancerTask.id, userId: freelancer.id, pivot: 'responsible' });
    // Friday 2026-11-20: the 7 days back hold 5 weekdays.
    const count = await seedDemoTimeLogs(db, {
      now: new Date('2026-11-20T18:00:00Z'),
      timeZone: 'America/New_York',
    });
    expect(count).toBe(5 * 6 + 1);
    const rows = await db.select().from(timeLogs);
    const byUser = (id: number) => rows.filter((r) => r.userId === id && r.status === 'completed');
    expect(byUser(admin.id)).toHaveLength(10);
    expect(byUser(manager.id)).toHaveLength(15);
    expect(byUser(freelancer.id)).toHaveLength(5);
    // The freelancer logs on the task they are responsible for (one they can see).
    expect(new Set(byUser(freelancer.id).map((r) => r.taskId))).toEqual(new Set([freelancerTask.id]));
    expect(rows.every((r) => r.minutes > 0 && r.description)).toBe(true);
    expect(rows.some((r) => r.date === '2026-11-14' || r.date === '2026-11-15')).toBe(false);
    const paused = await db.select().from(timeLogs).where(eq(timeLogs.status, 'paused'));
    expect(paused).toMatchObject([{ userId: admin.id, date: '2026-11-20', minutes: 35, startedAt: null }]);
  });
});
