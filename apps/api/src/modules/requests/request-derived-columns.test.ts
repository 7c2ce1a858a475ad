import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActors, buildPlan } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { planTypes, projects, tasks, timeLogs } from '../../db/schema';
import { buildTask } from '../tasks/test-helpers';
import { buildRequest, storedRequest } from './relation-test-helpers';

/**
 * requests.project_type and requests.tasks_time_spent are kept by database triggers (migration 0007), so they hold
 * whichever code path writes plans, tasks or time logs — including plain SQL like the scale seed's.
 */
describe('columns the database keeps on requests', () => {
  let db: Awaited<ReturnType<typeof getTestApp>>['db'];
  let close: () => Promise<void>;
  let actors: Awaited<ReturnType<typeof buildActors>>;
  beforeAll(async () => {
    ({ db, close } = await getTestApp());
    actors = await buildActors(db);
  });
  afterAll(() => close());

  const log = (taskId: number, minutes: number, status: 'completed' | 'paused' = 'completed') =>
    db
      .insert(timeLogs)
      .values({ taskId, userId: actors.manager.id, date: '2026-11-02', minutes, status })
      .returning()
      .then(([row]) => row as typeof timeLogs.$inferSelect);

  it("project_type follows the plan's type: on create, on a plan change, and without a plan", async () => {
    const retainer = await buildPlan(db, { planType: 'retainer' });
    const hosting = await buildPlan(db, { planType: 'hosting' });
    const request = await buildRequest(db, { projectId: retainer.id });
    expect((await storedRequest(db, request.id)).projectType).toBe('retainer');

    const [hostingType] = await db.select().from(planTypes).where(eq(planTypes.name, 'hosting'));
    await db.update(projects).set({ planTypeId: hostingType?.id }).where(eq(projects.id, retainer.id));
    expect((await storedRequest(db, request.id)).projectType).toBe('hosting');

    const draft = await buildRequest(db, { projectId: hosting.id });
    expect((await storedRequest(db, draft.id)).projectType).toBe('hosting');
    const noPlan = await buildRequest(db, { projectId: null, status: 'draft' });
    expect((await storedRequest(db, noPlan.id)).projectType).toBeNull();
  });

  it('tasks_time_spent sums completed logs of related tasks through every kind of write', async () => {
    const plan = await buildPlan(db);
    const request = await buildRequest(db, { projectId: plan.id });
    const other = await buildRequest(db, { projectId: plan.id });
    const first = await buildTask(db, { projectId: plan.id, requestId: request.id });
    const second = await buildTask(db, { projectId: plan.id });
    const spent = async (id: number) => (await storedRequest(db, id)).tasksTimeSpent;

    const a = await log(first.id, 30);
    await log(first.id, 15, 'paused');
    expect(await spent(request.id)).toBe(30);

    // A log's minutes and status change.
    await db.update(timeLogs).set({ minutes: 45 }).where(eq(timeLogs.id, a.id));
    await db.update(timeLogs).set({ status: 'completed' }).where(eq(timeLogs.taskId, first.id));
    expect(await spent(request.id)).toBe(60);

    // Relating a task brings its time; moving it to another request moves it.
    await log(second.id, 20);
    await db.update(tasks).set({ requestId: request.id }).where(eq(tasks.id, second.id));
    expect(await spent(request.id)).toBe(80);
    await db.update(tasks).set({ requestId: other.id }).where(eq(tasks.id, second.id));
    expect([await spent(request.id), await spent(other.id)]).toEqual([60, 20]);

    // Deleting a log, then a whole task (its logs go with it).
    await db.delete(timeLogs).where(eq(timeLogs.id, a.id));
    expect(await spent(request.id)).toBe(15);
    await db.delete(tasks).where(inArray(tasks.id, [first.id, second.id]));
    expect([await spent(request.id), await spent(other.id)]).toEqual([0, 0]);
  });
});
