import { MESSAGES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan } from '../../../test/factories';
import { setUpTaskTests, type TaskTestContext, taskRequests, UNKNOWN } from './test-helpers';

/** PUT and DELETE /api/tasks/:uuid: partial writes, history, status and relation rules. */

let app: TaskTestContext['app'];
let close: () => Promise<void>;
let db: TaskTestContext['db'];
let actors: TaskTestContext['actors'];
let plan: TaskTestContext['plan'];

beforeAll(async () => {
  ({ app, close, db, actors, plan } = await setUpTaskTests());
});
afterAll(() => close());

const { asAdmin, create, update, show, createOk } = taskRequests(() => ({ app, db, actors, plan }));

describe('PUT /api/tasks/:uuid', () => {
  it('writes only the fields sent, stores ref_token and records per-field history', async () => {
    const task = await createOk({ title: 'Before', priority: 1 });
    const res = await update(task.uuid, { title: 'After', ref_token: 'tab-7' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'After', priority: 1, ref_token: 'tab-7' });
    const logs = (await app.inject({ url: `/api/tasks/${task.uuid}/logs`, headers: asAdmin() })).json().data;
    expect(logs[0]).toMatchObject({
      action: 'update',
      author: { uuid: actors.admin.uuid },
      changes: { title: { added: 'After', removed: 'Before' } },
    });
    expect(logs.at(-1).action).toBe('create');
  });

  it('keeps concurrent edits of different fields by two users', async () => {
    const task = await createOk({ title: 'Shared' });
    const [a, b] = await Promise.all([
      update(task.uuid, { title: 'Renamed' }),
      update(task.uuid, { priority: 2 }, bearer(actors.manager.token)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await show(task.uuid)).json().data).toMatchObject({ title: 'Renamed', priority: 2 });
  });

  it('moves a person between responsibles and followers, never both', async () => {
    const task = await createOk({ title: 'People', followers: [actors.manager.uuid] });
    const res = await update(task.uuid, { responsibles: [actors.manager.uuid] });
    expect(res.json().data).toMatchObject({ responsibles: [{ uuid: actors.manager.uuid }], followers: [] });
    const both = await update(task.uuid, { responsibles: [actors.admin.uuid], followers: [actors.admin.uuid] });
    expect(both.json().errors.followers).toEqual([MESSAGES.responsibleAndFollower]);
    const logs = (await app.inject({ url: `/api/tasks/${task.uuid}/logs`, headers: asAdmin() })).json().data;
    expect(logs[0].changes.responsibles.added).toMatchObject([{ uuid: actors.manager.uuid }]);
    expect(logs[0].changes.followers.removed).toMatchObject([{ uuid: actors.manager.uuid }]);
  });

  it("refuses to complete a task with unfinished subtasks (code 'existing_subtasks')", async () => {
    const parent = await createOk({ title: 'Parent to complete' });
    const child = await createOk({ title: 'Open child', parent_id: parent.uuid });
    const refused = await update(parent.uuid, { status: 'completed' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'existing_subtasks', message: MESSAGES.existingSubtasks });
    expect((await update(child.uuid, { status: 'cancelled' })).statusCode).toBe(200);
    const done = await update(parent.uuid, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.completed_at).not.toBeNull();
    const reopened = await update(parent.uuid, { status: 'in_progress' });
    expect(reopened.json().data.completed_at).toBeNull();
  });

  it('relates to a parent never itself, its current parent, its child or a descendant', async () => {
    const a = await createOk({ title: 'A' });
    const b = await createOk({ title: 'B', parent_id: a.uuid });
    const c = await createOk({ title: 'C', parent_id: b.uuid });
    for (const [task, parent] of [
      [a, a],
      [b, a],
      [a, b],
      [a, c],
    ]) {
      const res = await update(task.uuid, { parent_id: parent.uuid });
      expect(res.statusCode, `${task.title} under ${parent.title}`).toBe(422);
      expect(res.json().errors.parent_id).toEqual([MESSAGES.invalidRelation]);
    }
    const free = await createOk({ title: 'Free' });
    const related = await update(free.uuid, { parent_id: a.uuid });
    expect(related.json().data.parent).toEqual({ uuid: a.uuid, title: 'A' });
    expect((await update(free.uuid, { parent_id: null })).json().data.parent).toBeNull();
  });

  it('keeps a subtask in its parent’s plan, and moves subtasks with their parent', async () => {
    const other = await buildPlan(db);
    const parent = await createOk({ title: 'Movable parent' });
    const child = await createOk({ title: 'Follows parent', parent_id: parent.uuid });
    const refused = await update(child.uuid, { project_id: other.uuid });
    expect(refused.json().errors.project_id).toEqual([MESSAGES.subtaskProjectFixed]);
    const moved = await update(parent.uuid, { project_id: other.uuid });
    expect(moved.json().data.project.uuid).toBe(other.uuid);
    const logs = (await app.inject({ url: `/api/tasks/${parent.uuid}/logs`, headers: asAdmin() })).json().data;
    // The move reads with both plans' titles, not bare uuids.
    expect(logs[0].changes.project).toEqual({
      added: { uuid: other.uuid, title: other.title },
      removed: { uuid: plan.uuid, title: plan.title },
    });
    expect((await show(child.uuid)).json().data.project.uuid).toBe(other.uuid);
    const freeTask = await createOk({ title: 'Free in another plan' });
    const adopted = await update(freeTask.uuid, { parent_id: parent.uuid });
    expect(adopted.json().data.project.uuid).toBe(other.uuid);
  });

  it('keeps a seed a seed, and recurrence cannot be switched on after creation', async () => {
    const seed = await createOk({
      title: 'Monthly',
      recurrence_type: 'monthly',
      recurrence_limit: 3,
      start_date: '2026-01-01',
      end_date: '2026-01-02',
      responsibles: [actors.manager.uuid],
    });
    expect((await update(seed.uuid, { status: 'todo' })).json().errors.status).toEqual([MESSAGES.seedStatusFixed]);
    const plain = await createOk({ title: 'Plain' });
    expect((await update(plain.uuid, { status: 'seed' })).json().errors.status).toEqual([
      MESSAGES.recurrenceOnCreateOnly,
    ]);
  });

  it('limits a contact-responsible task to the client statuses plus its current one', async () => {
    const task = await createOk({ title: 'With client', status: 'todo' }).catch(() => null);
    expect(task?.status).toBe('todo');
    if (!task) {
      return;
    }
    // Adding the contact keeps the current status (todo), but a new status must be a client one.
    expect((await update(task.uuid, { responsibles: [actors.contact.uuid] })).statusCode).toBe(200);
    const refused = await update(task.uuid, { status: 'in_progress' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status).toEqual([MESSAGES.contactResponsibleStatus]);
    for (const status of ['waiting_approval', 'pending', 'needs_attention', 'cancelled', 'completed']) {
      expect((await update(task.uuid, { status })).statusCode, status).toBe(200);
    }
    const created = await create({
      title: 'Client todo',
      project_id: plan.uuid,
      status: 'working_on_now',
      responsibles: [actors.contact.uuid],
    });
    expect(created.json().errors.status).toEqual([MESSAGES.contactResponsibleStatus]);
  });

  it('refuses a due date before the stored start date and an estimate below the stored minimum', async () => {
    const task = await createOk({
      title: 'Ranges',
      start_date: '2026-05-10',
      end_date: '2026-05-11',
      estimated_time_min: 60,
    });
    expect((await update(task.uuid, { end_date: '2026-05-01' })).json().errors.end_date).toEqual([
      MESSAGES.dueBeforeStart,
    ]);
    expect((await update(task.uuid, { estimated_time: 30 })).json().errors.estimated_time).toEqual([
      MESSAGES.maxBelowMin,
    ]);
  });

  it('stores sort_order for the kanban and answers 422 for request changes until requests land', async () => {
    const task = await createOk({ title: 'Card' });
    expect((await update(task.uuid, { sort_order: 2.5, status: 'in_progress' })).json().data).toMatchObject({
      sort_order: 2.5,
      status: 'in_progress',
    });
    const res = await update(task.uuid, { remove_requests: [UNKNOWN] });
    expect(res.json().errors.remove_requests).toEqual([MESSAGES.unknownReference]);
  });

  it('never answers 500 for malformed input', async () => {
    const task = await createOk({ title: 'Sturdy' });
    for (const payload of [
      { title: '' },
      { title: null },
      { priority: '1' },
      { parent_id: 'x' },
      { sort_order: 'top' },
      { followers: [1] },
      { project_id: UNKNOWN },
      { parent_id: UNKNOWN },
    ]) {
      expect((await update(task.uuid, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});

describe('DELETE /api/tasks/:uuid', () => {
  it('deletes the task; its subtasks stay without a parent', async () => {
    const parent = await createOk({ title: 'Doomed' });
    const child = await createOk({ title: 'Survivor', parent_id: parent.uuid });
    const res = await app.inject({ method: 'DELETE', url: `/api/tasks/${parent.uuid}`, headers: asAdmin() });
    expect(res.json()).toEqual({ message: MESSAGES.deleted });
    expect((await show(parent.uuid)).statusCode).toBe(404);
    expect((await show(child.uuid)).json().data.parent).toBeNull();
  });

  it('takes its comment thread with it (the comments answer 404 and leave no rows behind)', async () => {
    const task = await createOk({ title: 'Talked about' });
    const posted = await app.inject({
      method: 'POST',
      url: `/api/tasks/${task.uuid}/comments`,
      headers: asAdmin(),
      payload: { text: 'First thoughts' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const comment = posted.json().data.uuid as string;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/tasks/${task.uuid}`, headers: asAdmin() })).statusCode,
    ).toBe(200);
    expect((await app.inject({ url: `/api/comments/${comment}`, headers: asAdmin() })).statusCode).toBe(404);
    const left = await db.execute(sql`select count(*)::int as n from comments where uuid = ${comment}`);
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it('is refused to freelancers (no TASKS_DESTROY)', async () => {
    const task = await createOk({ title: 'Kept' });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/tasks/${task.uuid}`,
      headers: bearer(actors.freelancer.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
