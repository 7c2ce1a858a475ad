import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { notifications, planCreditSettings, planCredits, tasks, timeLogs } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { addMonths, periodAt } from './credit-periods';
import { creditPlans } from './credit-plans';

const NY = 'America/New_York';
let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let managerId: number;
const events: DomainEvent[] = [];

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  managerId = (await buildUser(db)).id;
  app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => close());

const run = (iso: string) => creditPlans(app.ctx, NY, new Date(iso));

async function plan(startDate: string, refillMinutes = 600) {
  return buildPlan(db, { startDate, refillMinutes, projectManagerId: managerId, status: 'active' });
}

async function log(projectId: number, date: string, minutes: number) {
  const [task] = await db.insert(tasks).values({ title: 'Work', projectId }).returning();
  await db.insert(timeLogs).values({ taskId: task?.id, userId: managerId, date, minutes, status: 'completed' });
}

const rows = (projectId: number) =>
  db
    .select({ kind: planCredits.kind, minutes: planCredits.minutes, period: planCredits.periodStart })
    .from(planCredits)
    .where(eq(planCredits.projectId, projectId))
    .orderBy(planCredits.id);

const noticesOf = async (planUuid: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, managerId)))
    .filter((n) => n.data.resource_id === planUuid)
    .map((n) => n.data.title);

describe('credit periods', () => {
  it('count months from the start date, clamped to short months without drifting', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(periodAt('2026-01-15', '2026-03-14')).toEqual({ start: '2026-02-15', next: '2026-03-15' });
    expect(periodAt('2026-01-15', '2026-03-15')).toEqual({ start: '2026-03-15', next: '2026-04-15' });
    expect(periodAt('2026-01-15', '2026-01-14')).toBeNull();
  });
});

describe('the plan credit job', () => {
  it('credits a period once across reruns and overlapping runs, and announces the budget change', async () => {
    const p = await plan('2026-01-01');
    await Promise.all([run('2026-01-10T12:00:00Z'), run('2026-01-10T12:00:00Z'), run('2026-01-20T12:00:00Z')]);
    expect(await rows(p.id)).toEqual([{ kind: 'period_credit', minutes: 600, period: '2026-01-01' }]);
    expect(events.filter((e) => e.id === p.uuid && e.action === 'budget' && e.model === 'project')).toHaveLength(1);
  });

  it('turns the period at midnight in the agency time zone, not UTC', async () => {
    const p = await plan('2026-01-01');
    await run('2026-01-15T12:00:00Z');
    // 03:30 UTC on Feb 1 is still Jan 31 in New York: no February credit yet.
    await run('2026-02-01T03:30:00Z');
    expect((await rows(p.id)).map((r) => r.period)).toEqual(['2026-01-01']);
    await run('2026-02-01T05:30:00Z');
    await run('2026-02-01T06:30:00Z');
    expect((await rows(p.id)).filter((r) => r.kind === 'period_credit').map((r) => r.period)).toEqual([
      '2026-01-01',
      '2026-02-01',
    ]);
  });

  it('lets unused credit expire by default', async () => {
    const p = await plan('2026-01-01');
    await run('2026-01-02T12:00:00Z');
    await log(p.id, '2026-01-10', 200);
    await run('2026-02-02T12:00:00Z');
    expect(await rows(p.id)).toEqual([
      { kind: 'period_credit', minutes: 600, period: '2026-01-01' },
      { kind: 'expiry', minutes: -400, period: '2026-02-01' },
      { kind: 'period_credit', minutes: 600, period: '2026-02-01' },
    ]);
  });

  it('carries all unused credit when the plan rolls everything over', async () => {
    const p = await plan('2026-01-01');
    await db.insert(planCreditSettings).values({ projectId: p.id, rollover: 'all' });
    await run('2026-01-02T12:00:00Z');
    await log(p.id, '2026-01-10', 200);
    await run('2026-02-02T12:00:00Z');
    expect((await rows(p.id)).map((r) => r.kind)).toEqual(['period_credit', 'period_credit']);
  });

  it('carries up to the cap and expires the rest', async () => {
    const p = await plan('2026-01-01');
    await db.insert(planCreditSettings).values({ projectId: p.id, rollover: 'up_to', rolloverCapMinutes: 120 });
    await run('2026-01-02T12:00:00Z');
    await log(p.id, '2026-01-10', 200);
    await run('2026-02-02T12:00:00Z');
    await run('2026-02-03T12:00:00Z');
    const expiry = (await rows(p.id)).filter((r) => r.kind === 'expiry');
    expect(expiry).toEqual([{ kind: 'expiry', minutes: -280, period: '2026-02-01' }]);
  });

  it("tells the manager at 80 % and at 100 % of the period's credit, each once per period", async () => {
    const p = await plan('2026-01-01');
    await run('2026-01-02T12:00:00Z');
    await log(p.id, '2026-01-05', 300);
    await run('2026-01-05T12:00:00Z');
    expect(await noticesOf(p.uuid)).toEqual([]);
    await log(p.id, '2026-01-06', 200);
    await run('2026-01-06T12:00:00Z');
    await run('2026-01-06T13:00:00Z');
    expect(await noticesOf(p.uuid)).toEqual(["80 % of the period's credit used"]);
    await log(p.id, '2026-01-07', 100);
    await run('2026-01-07T12:00:00Z');
    await run('2026-01-08T12:00:00Z');
    expect(await noticesOf(p.uuid)).toEqual(["80 % of the period's credit used", "100 % of the period's credit used"]);
    // A new period starts counting afresh.
    await run('2026-02-02T12:00:00Z');
    await log(p.id, '2026-02-03', 700);
    await run('2026-02-03T12:00:00Z');
    const titles = await noticesOf(p.uuid);
    expect(titles).toHaveLength(3);
    expect(titles[2]).toBe("100 % of the period's credit used");
  });

  it('credits nothing to paused plans, plans without a reload amount or not started yet', async () => {
    const paused = await buildPlan(db, { startDate: '2026-01-01', refillMinutes: 600, status: 'paused' });
    const empty = await plan('2026-01-01', 0);
    const later = await plan('2026-03-01');
    await run('2026-01-15T12:00:00Z');
    for (const p of [paused, empty, later]) {
      expect(await rows(p.id)).toEqual([]);
    }
    const [none] = await db
      .select()
      .from(planCredits)
      .where(and(eq(planCredits.projectId, later.id)));
    expect(none).toBeUndefined();
  });
});
