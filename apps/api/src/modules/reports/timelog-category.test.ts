import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { requests, tasks } from '../../db/schema';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const post = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/time-log', headers: bearer(actors.admin.token), payload });

async function taskOn(defaultTimelogCategory?: 'billable' | 'non-billable' | 'sgm-non-billable') {
  const plan = await buildPlan(db, defaultTimelogCategory ? { defaultTimelogCategory } : {});
  const [task] = await db.insert(tasks).values({ title: 'Categorised', projectId: plan.id }).returning();
  return { plan, task: task as typeof tasks.$inferSelect };
}

const entry = { date: '2026-03-02', minutes: 30, description: 'Work', status: 'completed' };

describe('time log categories', () => {
  it('gives a new log its plan default category, billable unless the plan says otherwise', async () => {
    const { task } = await taskOn();
    expect((await post({ ...entry, task_id: task.uuid })).json().data.category).toBe('billable');
    const { task: internal } = await taskOn('sgm-non-billable');
    expect((await post({ ...entry, task_id: internal.uuid })).json().data.category).toBe('sgm-non-billable');
  });

  it('takes the request plan default for a request log', async () => {
    const plan = await buildPlan(db, { defaultTimelogCategory: 'non-billable' });
    const [request] = await db
      .insert(requests)
      .values({ subject: 'Cat', projectId: plan.id, status: 'new' })
      .returning();
    const res = await post({ date: '2026-03-02', minutes: 15, request_id: request?.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.category).toBe('non-billable');
  });

  it('keeps the category the author names, and changes it on update', async () => {
    const { task } = await taskOn('non-billable');
    const created = await post({ ...entry, task_id: task.uuid, category: 'billable' });
    expect(created.json().data.category).toBe('billable');
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/time-log/${created.json().data.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { category: 'sgm-non-billable' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.category).toBe('sgm-non-billable');
  });

  it('refuses an unknown category with 422 and the reason', async () => {
    const { task } = await taskOn();
    const res = await post({ ...entry, task_id: task.uuid, category: 'overtime' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category).toEqual(['The category must be billable, non-billable or sgm-non-billable']);
  });

  it('sets a plan default category on the plan PUT and answers it on the plan', async () => {
    const { plan } = await taskOn();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/projects/${plan.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { default_timelog_category: 'non-billable' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.default_timelog_category).toBe('non-billable');
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/projects/${plan.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { default_timelog_category: 'free' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
