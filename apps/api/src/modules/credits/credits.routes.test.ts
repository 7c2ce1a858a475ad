import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { planCredits, tasks, timeLogs } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const events: DomainEvent[] = [];

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
  plan = await buildPlan(db, { startDate: '2020-01-01', refillMinutes: 600, projectManagerId: actors.manager.id });
  await db.insert(planCredits).values({
    projectId: plan.id,
    date: '2026-01-01',
    minutes: 600,
    kind: 'period_credit',
    periodStart: '2026-01-01',
  });
  const [task] = await db.insert(tasks).values({ title: 'Work', projectId: plan.id }).returning();
  await db.insert(timeLogs).values({ taskId: task?.id, userId: actors.manager.id, date: '2026-01-05', minutes: 150 });
  app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  app.inject({ method, url: `/api/projects/${plan.uuid}${url}`, headers: bearer(token), payload });

describe('plan credits and budget', () => {
  it('lists the credit history newest first with the standard list answer', async () => {
    const res = await call('GET', '/credits', actors.manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ date: '2026-01-01', total_time: 600, kind: 'period_credit', created_by: null }),
    ]);
    expect(res.json().meta).toEqual({ total: 1, current_page: 1, last_page: 1, per_page: 50 });
  });

  it('answers balance as credits minus time logged', async () => {
    const res = await call('GET', '/budget', actors.manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ refil: 600, timelog: 150, balance: 450, available: 450, budget: 600 });
    expect(res.json().data.show_panel).toBe(true);
    expect(res.json().data.can_adjust).toBe(true);
  });

  it('adds a manual adjustment with its note, credited to the balance, and announces it', async () => {
    const res = await call('POST', '/credits', actors.manager.token, { total_time: -90, note: 'Refund for rework' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total_time: -90, kind: 'manual_adjustment', note: 'Refund for rework' });
    expect(res.json().data.created_by.uuid).toBe(actors.manager.uuid);
    expect((await call('GET', '/budget', actors.manager.token)).json().data.balance).toBe(360);
    expect(events).toContainEqual(
      expect.objectContaining({ model: 'project', action: 'budget', id: plan.uuid, projectId: plan.id }),
    );
  });

  it('refuses an adjustment without a note or of zero minutes with 422', async () => {
    const noNote = await call('POST', '/credits', actors.manager.token, { total_time: 60, note: ' ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toEqual(['This field is required']);
    const zero = await call('POST', '/credits', actors.manager.token, { total_time: 0, note: 'x' });
    expect(zero.statusCode).toBe(422);
  });

  it('stores the rollover rule, requiring a cap for up_to', async () => {
    const missing = await call('PUT', '/budget', actors.manager.token, { rollover: 'up_to' });
    expect(missing.statusCode).toBe(422);
    const res = await call('PUT', '/budget', actors.manager.token, { rollover: 'up_to', rollover_cap: 120 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rollover: 'up_to', rollover_cap: 120 });
    const all = await call('PUT', '/budget', actors.manager.token, { rollover: 'all', rollover_cap: 5 });
    expect(all.json().data).toMatchObject({ rollover: 'all', rollover_cap: null });
  });

  it("takes the rollover rule on the plan's PUT too", async () => {
    const missing = await call('PUT', '', actors.admin.token, { rollover: 'up_to' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.rollover_cap).toEqual(['This field is required']);
    const res = await call('PUT', '', actors.admin.token, { rollover: 'up_to', rollover_cap: 300 });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/budget', actors.admin.token)).json().data).toMatchObject({
      rollover: 'up_to',
      rollover_cap: 300,
    });
  });

  it('hides a plan from a freelancer who is not on it (404) even with the permissions', async () => {
    const outsider = await buildUser(db, { type: 'freelancer', permissions: ['PROJECTS_READ'] });
    expect((await call('GET', '/credits', outsider.token)).statusCode).toBe(404);
    expect((await call('GET', '/budget', outsider.token)).statusCode).toBe(404);
  });

  it('does not let a regular user without PROJECTS_UPDATE adjust', async () => {
    const reader = await buildUser(db, { permissions: ['PROJECTS_READ'] });
    const res = await call('POST', '/credits', reader.token, { total_time: 60, note: 'x' });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/budget', reader.token)).json().data.can_adjust).toBe(false);
  });
});
