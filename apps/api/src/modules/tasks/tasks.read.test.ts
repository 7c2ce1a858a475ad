import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan } from '../../../test/factories';
import { buildRequest } from '../requests/relation-test-helpers';
import { buildTask, setUpTaskTests, type TaskTestContext, taskRequests, UNKNOWN } from './test-helpers';

/** Reading a task and its parts: GET /api/tasks/:uuid, description delta, history, project-tasks and tags. */

let app: TaskTestContext['app'];
let close: () => Promise<void>;
let db: TaskTestContext['db'];
let actors: TaskTestContext['actors'];
let plan: TaskTestContext['plan'];

beforeAll(async () => {
  ({ app, close, db, actors, plan } = await setUpTaskTests());
});
afterAll(() => close());

const { asAdmin, update, show, createOk, stored } = taskRequests(() => ({ app, db, actors, plan }));

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

  it("shows each subtask's request (uuid, subject, status), null when it holds none", async () => {
    const parent = await buildTask(db, { projectId: plan.id, title: 'With subtasks' });
    const request = await buildRequest(db, { projectId: plan.id, subject: 'Spring banners', status: 'in_progress' });
    await buildTask(db, { projectId: plan.id, parentId: parent.id, title: 'Linked', requestId: request.id });
    await buildTask(db, { projectId: plan.id, parentId: parent.id, title: 'Alone' });
    const res = await show(parent.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subtasks).toMatchObject([
      { title: 'Linked', request: { uuid: request.uuid, subject: 'Spring banners', status: 'in_progress' } },
      { title: 'Alone', request: null },
    ]);
    expect(res.json().data.request).toBeNull();
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
