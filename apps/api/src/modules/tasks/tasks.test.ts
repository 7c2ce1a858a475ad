import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { activityLogs, tasks } from '../../db/schema';
import { addDays, todayIn } from './calendar';
import { buildTask, setAutoFollow } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
  plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
});
afterAll(() => close());

const asAdmin = () => bearer(actors.admin.token);
const create = (payload: object, headers = asAdmin()) =>
  app.inject({ method: 'POST', url: '/api/tasks', headers, payload });
const update = (uuid: string, payload: object, headers = asAdmin()) =>
  app.inject({ method: 'PUT', url: `/api/tasks/${uuid}`, headers, payload });
const show = (uuid: string, headers = asAdmin()) => app.inject({ url: `/api/tasks/${uuid}`, headers });
const createOk = async (payload: object, headers = asAdmin()) => {
  const res = await create({ project_id: plan.uuid, ...payload }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const stored = async (uuid: string) => (await db.select().from(tasks).where(eq(tasks.uuid, uuid)))[0];

describe('POST /api/tasks', () => {
  it('creates a task with the defaults: todo, priority low, start today, due tomorrow, creator and history', async () => {
    const data = await createOk({ title: 'Design the logo' });
    const today = todayIn('America/New_York');
    expect(data).toMatchObject({
      title: 'Design the logo',
      status: 'todo',
      priority: 0,
      start_date: today,
      end_date: addDays(today, 1),
      project: { uuid: plan.uuid, personal: false, kind: 'other' },
      creator: { uuid: actors.admin.uuid },
      subtasks: [],
      requests: [],
      request: null,
      requests_count: 0,
      uploads: [],
      total_timelogs: 0,
      seed: null,
      parent: null,
    });
    const [log] = await db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.subjectId, (await stored(data.uuid))?.id ?? 0));
    expect(log).toMatchObject({ action: 'create', authorId: actors.admin.id });
  });

  it('stores every §7 field: priority, status, dates, estimate, people, tags, description and ref_token', async () => {
    const data = await createOk({
      title: 'Full',
      priority: 2,
      status: 'in_progress',
      start_date: '2026-03-01',
      end_date: '2026-03-05',
      estimated_time_min: 60,
      estimated_time: 120,
      responsibles: [actors.freelancer.uuid],
      followers: [actors.manager.uuid],
      tags: ['Design', 'urgent'],
      description_delta: { ops: [{ insert: 'Hello world\n' }] },
      ref_token: 'client-1',
    });
    expect(data).toMatchObject({
      priority: 2,
      status: 'in_progress',
      start_date: '2026-03-01',
      end_date: '2026-03-05',
      estimated_time_min: 60,
      estimated_time: 120,
      responsibles: [{ uuid: actors.freelancer.uuid, type: 'freelancer' }],
      followers: [{ uuid: actors.manager.uuid, type: 'regular_user' }],
      tags: [{ name: 'Design' }, { name: 'urgent' }],
      description_delta: { ops: [{ insert: 'Hello world\n' }] },
      ref_token: 'client-1',
    });
    expect(data.related_users).toHaveLength(2);
    expect((await stored(data.uuid))?.descriptionText).toBe('Hello world');
  });

  it("requires a title ('This field is required') of at most 72 characters, and a project", async () => {
    const missing = await create({ project_id: plan.uuid });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.title).toEqual([MESSAGES.required]);
    const blank = await create({ title: '   ', project_id: plan.uuid });
    expect(blank.json().errors.title).toEqual([MESSAGES.required]);
    expect((await create({ title: 'x'.repeat(73), project_id: plan.uuid })).statusCode).toBe(422);
    expect((await create({ title: 'x'.repeat(72), project_id: plan.uuid })).statusCode).toBe(200);
    const noProject = await create({ title: 'No plan' });
    expect(noProject.statusCode).toBe(422);
    expect(noProject.json().errors.project_id).toEqual([MESSAGES.required]);
    const unknownProject = await create({ title: 'Unknown plan', project_id: UNKNOWN });
    expect(unknownProject.json().errors.project_id).toEqual([MESSAGES.unknownReference]);
  });

  it('refuses the same person as responsible and follower', async () => {
    const res = await create({
      title: 'Both',
      project_id: plan.uuid,
      responsibles: [actors.manager.uuid],
      followers: [actors.manager.uuid],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.followers).toEqual([MESSAGES.responsibleAndFollower]);
  });

  it('takes contacts as responsible but not as followers, and refuses unknown users', async () => {
    const follower = await create({ title: 'F', project_id: plan.uuid, followers: [actors.contact.uuid] });
    expect(follower.json().errors.followers).toEqual([MESSAGES.followersStaffOnly]);
    const unknown = await create({ title: 'U', project_id: plan.uuid, responsibles: [UNKNOWN] });
    expect(unknown.json().errors.responsibles).toEqual([MESSAGES.unknownReference]);
    const data = await createOk({ title: 'Client task', responsibles: [actors.contact.uuid] });
    expect(data.status).toBe('pending');
    expect(data.responsibles[0]).toMatchObject({ uuid: actors.contact.uuid, type: 'contact' });
  });

  it("adds the creator as follower when their auto_follow_tasks preference is '1', unless responsible", async () => {
    const user = await buildUser(db, { permissions: ['TASKS_CREATE', 'TASKS_READ'] });
    await setAutoFollow(db, user.id, '1');
    const followed = await createOk({ title: 'Auto follow' }, bearer(user.token));
    expect(followed.followers.map((p: { uuid: string }) => p.uuid)).toEqual([user.uuid]);
    const responsible = await createOk({ title: 'Own task', responsibles: [user.uuid] }, bearer(user.token));
    expect(responsible.followers).toEqual([]);
    await setAutoFollow(db, user.id, '0');
    expect((await createOk({ title: 'No follow' }, bearer(user.token))).followers).toEqual([]);
  });

  it('creates a subtask in its parent’s plan whatever plan was sent', async () => {
    const parent = await createOk({ title: 'Parent' });
    const other = await buildPlan(db);
    const child = await createOk({ title: 'Child', parent_id: parent.uuid, project_id: other.uuid });
    expect(child.project.uuid).toBe(plan.uuid);
    expect(child.parent).toEqual({ uuid: parent.uuid, title: 'Parent' });
    const reloaded = (await show(parent.uuid)).json().data;
    expect(reloaded.subtasks).toMatchObject([{ uuid: child.uuid, title: 'Child', status: 'todo' }]);
    const unknownParent = await create({ title: 'Orphan', parent_id: UNKNOWN });
    expect(unknownParent.json().errors.parent_id).toEqual([MESSAGES.unknownReference]);
  });

  it('makes a recurring task the seed and asks for due range, limit and a responsible', async () => {
    const missing = await create({ title: 'Weekly report', project_id: plan.uuid, recurrence_type: 'weekly' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'end_date',
      'recurrence_limit',
      'responsibles',
      'start_date',
    ]);
    const seed = await createOk({
      title: 'Weekly report',
      status: 'todo',
      recurrence_type: 'weekly',
      recurrence_limit: 0,
      start_date: '2026-01-05',
      end_date: '2026-01-06',
      responsibles: [actors.manager.uuid],
    });
    expect(seed).toMatchObject({ status: 'seed', recurrence_type: 'weekly', recurrence_limit: 0 });
    const negative = await create({
      title: 'W',
      project_id: plan.uuid,
      recurrence_type: 'weekly',
      recurrence_limit: -1,
      start_date: '2026-01-05',
      end_date: '2026-01-06',
      responsibles: [actors.manager.uuid],
    });
    expect(negative.statusCode).toBe(422);
    expect((await create({ title: 'S', project_id: plan.uuid, status: 'seed' })).json().errors.recurrence_type).toEqual(
      [MESSAGES.required],
    );
  });

  it('answers 422 for requests and uploads until their issues land', async () => {
    const res = await create({ title: 'R', project_id: plan.uuid, add_requests: [UNKNOWN], uploads: [UNKNOWN] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      add_requests: [MESSAGES.unknownReference],
      uploads: [MESSAGES.unknownReference],
    });
  });

  it('never answers 500 for malformed input', async () => {
    const bodies = [
      { title: 5 },
      { title: 'T', project_id: 'nope' },
      { title: 'T', project_id: plan.uuid, priority: 3 },
      { title: 'T', project_id: plan.uuid, status: 'done' },
      { title: 'T', project_id: plan.uuid, start_date: '2026-13-45' },
      { title: 'T', project_id: plan.uuid, responsibles: 'x' },
      { title: 'T', project_id: plan.uuid, responsibles: ['not-a-uuid'] },
      { title: 'T', project_id: plan.uuid, tags: [{}] },
      { title: 'T', project_id: plan.uuid, estimated_time: -5 },
      { title: 'T', project_id: plan.uuid, start_date: '2026-02-02', end_date: '2026-02-01' },
      { title: 'T', project_id: plan.uuid, estimated_time_min: 90, estimated_time: 30 },
      [],
    ];
    for (const payload of bodies) {
      const res = await create(payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const text = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: { ...asAdmin(), 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(text.statusCode).toBe(400);
  });
});

describe('GET /api/tasks/:uuid', () => {
  it('answers 404 for unknown uuids and 422 for malformed ones', async () => {
    expect((await show(UNKNOWN)).statusCode).toBe(404);
    expect((await show('nope')).statusCode).toBe(422);
    expect((await update(UNKNOWN, { title: 'x' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/tasks/${UNKNOWN}`, headers: asAdmin() })).statusCode).toBe(
      404,
    );
  });

  it('sums the completed time logs in total_timelogs', async () => {
    const data = await createOk({ title: 'Timed' });
    const { timeLogs } = await import('../../db/schema');
    const row = await stored(data.uuid);
    await db.insert(timeLogs).values([
      { taskId: row?.id, userId: actors.admin.id, date: '2026-01-01', minutes: 30, status: 'completed' },
      { taskId: row?.id, userId: actors.admin.id, date: '2026-01-01', minutes: 45, status: 'completed' },
      { taskId: row?.id, userId: actors.manager.id, date: '2026-01-01', minutes: 99, status: 'paused' },
    ]);
    expect((await show(data.uuid)).json().data.total_timelogs).toBe(75);
  });
});

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

describe('description delta', () => {
  it('reads and writes the description delta with the ref_token', async () => {
    const task = await createOk({ title: 'Doc' });
    const url = `/api/tasks/${task.uuid}/description-delta`;
    const delta = { ops: [{ insert: 'Brief\n' }] };
    const put = await app.inject({
      method: 'PUT',
      url,
      headers: asAdmin(),
      payload: { description_delta: delta, ref_token: 'r' },
    });
    expect(put.json()).toEqual({ data: { description_delta: delta } });
    expect((await app.inject({ url, headers: asAdmin() })).json()).toEqual({ data: { description_delta: delta } });
    expect(await stored(task.uuid)).toMatchObject({ descriptionText: 'Brief', refToken: 'r' });
    expect((await app.inject({ url: `/api/tasks/${UNKNOWN}/description-delta`, headers: asAdmin() })).statusCode).toBe(
      404,
    );
  });
});

describe('history', () => {
  it('pages with before = the id of the last entry shown', async () => {
    const task = await createOk({ title: 'v0' });
    for (let i = 1; i <= 22; i++) {
      await update(task.uuid, { title: `v${i}` });
    }
    const url = `/api/tasks/${task.uuid}/logs`;
    const first = (await app.inject({ url, headers: asAdmin() })).json().data;
    expect(first).toHaveLength(20);
    const second = (await app.inject({ url: `${url}?before=${first.at(-1).id}`, headers: asAdmin() })).json().data;
    expect(second).toHaveLength(3);
    expect(second.at(-1).action).toBe('create');
    expect((await app.inject({ url: `${url}?before=x`, headers: asAdmin() })).statusCode).toBe(422);
  });
});

describe('project-tasks and tags', () => {
  it('answers 422 for any request uuid until requests land, 404 for unknown tasks', async () => {
    const task = await createOk({ title: 'Relatable' });
    const url = `/api/project-tasks/${task.uuid}`;
    const add = await app.inject({ method: 'PUT', url, headers: asAdmin(), payload: { add_requests: [UNKNOWN] } });
    expect(add.statusCode).toBe(422);
    expect(add.json().errors.add_requests).toEqual([MESSAGES.unknownReference]);
    const none = await app.inject({ method: 'PUT', url, headers: asAdmin(), payload: {} });
    expect(none.statusCode).toBe(422);
    const two = await app.inject({
      method: 'PUT',
      url,
      headers: asAdmin(),
      payload: { add_requests: [UNKNOWN, UNKNOWN] },
    });
    expect(two.statusCode).toBe(422);
    const missing = await app.inject({
      method: 'PUT',
      url: `/api/project-tasks/${UNKNOWN}`,
      headers: asAdmin(),
      payload: { add_requests: [UNKNOWN] },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists a plan’s tasks by status and search with requests_count and request', async () => {
    const other = await buildPlan(db);
    await buildTask(db, { projectId: other.id, title: 'Relate me', status: 'todo' });
    await buildTask(db, { projectId: other.id, title: 'Relate done', status: 'completed' });
    const res = await app.inject({
      url: `/api/project-tasks?filters[project]=${other.uuid}&filters[task_status][]=todo&filters[task_status][]=in_progress&search_term[0][0]=relate&with=requests_count,request`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject([{ title: 'Relate me', requests_count: 0, request: null }]);
  });

  it('lists tags by name with search and page[size] up to 500', async () => {
    await createOk({ title: 'Tagged', tags: ['Zeta-tag', 'alpha-tag'] });
    const res = await app.inject({ url: '/api/tags?search_term=-tag&page[size]=500', headers: asAdmin() });
    expect(res.json().data).toEqual([{ name: 'alpha-tag' }, { name: 'Zeta-tag' }]);
    expect((await app.inject({ url: '/api/tags?page[size]=501', headers: asAdmin() })).statusCode).toBe(422);
  });
});
