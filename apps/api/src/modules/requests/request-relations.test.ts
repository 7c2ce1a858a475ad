import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories';
import type { requests } from '../../db/schema';
import { buildTask, setUpTaskTests, type TaskTestContext, taskRequests, UNKNOWN } from '../tasks/test-helpers';
import { buildRequest, historyOf, storedRequest } from './relation-test-helpers';

let ctx: TaskTestContext;
beforeAll(async () => {
  ctx = await setUpTaskTests();
});
afterAll(() => ctx.close());

const { asAdmin, update, createOk, stored } = taskRequests(() => ctx);
type Actor = 'admin' | 'manager' | 'freelancer';
const as = (actor: Actor) => bearer(ctx.actors[actor].token);
const newRequest = (values: Omit<Partial<typeof requests.$inferInsert>, 'projectId'> = {}) =>
  buildRequest(ctx.db, { projectId: ctx.plan.id, ...values });
const newTask = (values: Partial<Parameters<typeof buildTask>[1]> = {}) =>
  buildTask(ctx.db, { projectId: ctx.plan.id, ...values }, { responsibles: [ctx.actors.manager.id] });
const relateFromTask = (taskUuid: string, payload: object, actor: Actor = 'admin') =>
  ctx.app.inject({ method: 'PUT', url: `/api/project-tasks/${taskUuid}`, headers: as(actor), payload });
const relateFromRequest = (requestUuid: string, payload: object, actor: Actor = 'admin') =>
  ctx.app.inject({ method: 'POST', url: `/api/requests/${requestUuid}/tasks`, headers: as(actor), payload });
const unrelateFromRequest = (requestUuid: string, taskUuid: string, actor: Actor = 'admin') =>
  ctx.app.inject({ method: 'DELETE', url: `/api/requests/${requestUuid}/tasks/${taskUuid}`, headers: as(actor) });

describe('relating from the task (PUT project-tasks/{taskUuid}, POST and PUT tasks)', () => {
  it("relates an active request with 'Request related to the task' and shows it on the task", async () => {
    const request = await newRequest({ status: 'in_progress' });
    const task = await newTask();
    const res = await relateFromTask(task.uuid, { add_requests: [request.uuid] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.requestRelatedToTask);
    const ref = { uuid: request.uuid, subject: request.subject, status: 'in_progress' };
    expect(body.data).toMatchObject({ request: ref, requests: [ref], requests_count: 1 });
    expect((await stored(task.uuid))?.requestId).toBe(request.id);

    const taskHistory = await historyOf(ctx.db, 'task', task.id);
    expect(taskHistory.at(-1)?.changes).toEqual({
      request: { added: { uuid: request.uuid, subject: request.subject }, removed: null },
    });
    const requestHistory = await historyOf(ctx.db, 'request', request.id);
    expect(requestHistory.at(-1)).toMatchObject({
      action: 'update',
      authorId: ctx.actors.admin.id,
      changes: { tasks: { added: [{ uuid: task.uuid, title: task.title }], removed: [] } },
    });
    // Task activity counts as interaction for the request's temperature.
    expect((await storedRequest(ctx.db, request.id)).lastInteractionAt).not.toBeNull();
  });

  it("refuses a second request: a task holds at most one ('This task is already related')", async () => {
    const first = await newRequest();
    const second = await newRequest();
    const task = await newTask({ requestId: first.id });
    const res = await relateFromTask(task.uuid, { add_requests: [second.uuid] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ add_requests: [MESSAGES.alreadyRelated] });
    expect((await stored(task.uuid))?.requestId).toBe(first.id);
  });

  it('unrelates the request it holds, and only that one', async () => {
    const request = await newRequest();
    const other = await newRequest();
    const task = await newTask({ requestId: request.id });
    const wrong = await relateFromTask(task.uuid, { remove_requests: [other.uuid] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ remove_requests: [MESSAGES.unknownReference] });

    const res = await relateFromTask(task.uuid, { remove_requests: [request.uuid] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.relationUpdated,
      data: { request: null, requests: [], requests_count: 0 },
    });
    expect((await historyOf(ctx.db, 'request', request.id)).at(-1)?.changes).toEqual({
      tasks: { added: [], removed: [{ uuid: task.uuid, title: task.title }] },
    });
  });

  it('offers only active requests: draft, completed and cancelled are refused', async () => {
    const task = await newTask();
    for (const status of ['draft', 'completed', 'cancelled'] as const) {
      const request = await newRequest({ status });
      const res = await relateFromTask(task.uuid, { add_requests: [request.uuid] });
      expect(res.statusCode, status).toBe(422);
      expect(res.json().errors).toEqual({ add_requests: [MESSAGES.requestNotActive] });
    }
    const unknown = await relateFromTask(task.uuid, { add_requests: [UNKNOWN] });
    expect(unknown.json().errors).toEqual({ add_requests: [MESSAGES.unknownReference] });
  });

  it('creates a task with its request and swaps requests in one PUT tasks', async () => {
    const request = await newRequest();
    const next = await newRequest({ status: 'needs_attention' });
    const task = await createOk({ title: 'Brief the designer', add_requests: [request.uuid] });
    expect(task.request).toEqual({ uuid: request.uuid, subject: request.subject, status: 'new' });
    const created = (await historyOf(ctx.db, 'task', (await stored(task.uuid))?.id ?? 0)).at(0);
    expect(created?.action).toBe('create');
    expect(created?.changes).toMatchObject({ request: { added: { uuid: request.uuid }, removed: null } });

    const swapped = await update(task.uuid, { remove_requests: [request.uuid], add_requests: [next.uuid] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().data.request).toMatchObject({ uuid: next.uuid, status: 'needs_attention' });
    const again = await update(task.uuid, { add_requests: [request.uuid] });
    expect(again.json().errors).toEqual({ add_requests: [MESSAGES.alreadyRelated] });
  });

  it('lists each task with its request in GET project-tasks and filters has_requests', async () => {
    const request = await newRequest();
    const plan = ctx.plan.uuid;
    const related = await newTask({ requestId: request.id, title: 'Has a request' });
    const res = await ctx.app.inject({
      url: `/api/project-tasks?filters[project][]=${plan}&with=requests_count,request&page[size]=1000`,
      headers: asAdmin(),
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((t: { uuid: string }) => t.uuid === related.uuid);
    expect(row).toMatchObject({ requests_count: 1, request: { uuid: request.uuid, subject: request.subject } });

    const filtered = await ctx.app.inject({
      url: `/api/tasks?filters[project][]=${plan}&filters[has_requests]=1&page[size]=1000`,
      headers: asAdmin(),
    });
    const rows: { request: unknown }[] = filtered.json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((t) => t.request !== null)).toBe(true);
  });

  it('forbids freelancers to relate or unrelate (403), though they may edit the task', async () => {
    const request = await newRequest();
    const task = await buildTask(ctx.db, { projectId: ctx.plan.id }, { responsibles: [ctx.actors.freelancer.id] });
    expect((await relateFromTask(task.uuid, { add_requests: [request.uuid] }, 'freelancer')).statusCode).toBe(403);
    expect((await update(task.uuid, { add_requests: [request.uuid] }, as('freelancer'))).statusCode).toBe(403);
    expect((await update(task.uuid, { title: 'Still editable' }, as('freelancer'))).statusCode).toBe(200);
    expect((await stored(task.uuid))?.requestId).toBeNull();
  });
});

describe('relating from the request (POST and DELETE requests/{uuid}/tasks)', () => {
  it("relates several tasks with 'Tasks related to the request' and lists them with people and time", async () => {
    const request = await newRequest({ status: 'approved' });
    const a = await newTask({ title: 'Write copy' });
    const b = await newTask({ title: 'Design banner', status: 'in_progress' });
    const res = await relateFromRequest(request.uuid, { tasks: [a.uuid, b.uuid] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.tasksRelatedToRequest);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        uuid: a.uuid,
        title: 'Write copy',
        status: 'todo',
        responsibles: [expect.objectContaining({ uuid: ctx.actors.manager.uuid })],
        followers: [],
        responsibles_count: 1,
        total_timelogs: 0,
      }),
      expect.objectContaining({ uuid: b.uuid, status: 'in_progress' }),
    ]);
    expect((await historyOf(ctx.db, 'request', request.id)).at(-1)?.changes).toEqual({
      tasks: {
        added: [
          { uuid: a.uuid, title: a.title },
          { uuid: b.uuid, title: b.title },
        ],
        removed: [],
      },
    });
    expect((await historyOf(ctx.db, 'task', a.id)).at(-1)?.changes).toEqual({
      request: { added: { uuid: request.uuid, subject: request.subject }, removed: null },
    });
  });

  it("names each task that already holds a request ('This task is already related') and relates none", async () => {
    const request = await newRequest();
    const other = await newRequest();
    const free = await newTask();
    const taken = await newTask({ requestId: other.id });
    const res = await relateFromRequest(request.uuid, { tasks: [free.uuid, taken.uuid] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'tasks.1': [MESSAGES.alreadyRelated] });
    expect((await stored(free.uuid))?.requestId).toBeNull();
  });

  it('takes only active tasks into an active request', async () => {
    const request = await newRequest();
    const closed = await Promise.all(
      (['completed', 'cancelled', 'seed'] as const).map((status) => newTask({ status })),
    );
    const res = await relateFromRequest(request.uuid, { tasks: closed.map((t) => t.uuid) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'tasks.0': [MESSAGES.taskNotActive],
      'tasks.1': [MESSAGES.taskNotActive],
      'tasks.2': [MESSAGES.taskNotActive],
    });
    const unknown = await relateFromRequest(request.uuid, { tasks: [UNKNOWN] });
    expect(unknown.json().errors).toEqual({ 'tasks.0': [MESSAGES.unknownReference] });

    const draft = await newRequest({ status: 'draft' });
    const inactive = await relateFromRequest(draft.uuid, { tasks: [(await newTask()).uuid] });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().message).toBe(MESSAGES.requestNotActive);
    expect((await relateFromRequest(UNKNOWN, { tasks: [(await newTask()).uuid] })).statusCode).toBe(404);
  });

  it('is idempotent for a task that already holds this request', async () => {
    const request = await newRequest();
    const task = await newTask({ requestId: request.id });
    const res = await relateFromRequest(request.uuid, { tasks: [task.uuid] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: { uuid: string }) => t.uuid)).toEqual([task.uuid]);
  });

  it("removes a task from the request ('Relation updated'); a task that does not hold it is 404", async () => {
    const request = await newRequest();
    const task = await newTask({ requestId: request.id });
    const res = await unrelateFromRequest(request.uuid, task.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.relationUpdated, data: [] });
    expect((await stored(task.uuid))?.requestId).toBeNull();
    expect((await historyOf(ctx.db, 'task', task.id)).at(-1)?.changes).toEqual({
      request: { added: null, removed: { uuid: request.uuid, subject: request.subject } },
    });
    expect((await unrelateFromRequest(request.uuid, task.uuid)).statusCode).toBe(404);
  });

  it('forbids freelancers (403) from both calls', async () => {
    const request = await newRequest();
    const task = await newTask({ requestId: request.id });
    expect((await relateFromRequest(request.uuid, { tasks: [task.uuid] }, 'freelancer')).statusCode).toBe(403);
    expect((await unrelateFromRequest(request.uuid, task.uuid, 'freelancer')).statusCode).toBe(403);
    expect((await stored(task.uuid))?.requestId).toBe(request.id);
  });

  it('answers malformed input with 422, never 500', async () => {
    const request = await newRequest();
    const task = await newTask();
    for (const payload of [{}, { tasks: [] }, { tasks: 'x' }, { tasks: [1, 2] }, { tasks: ['not-a-uuid'] }]) {
      const res = await relateFromRequest(request.uuid, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await relateFromRequest('nope', { tasks: [task.uuid] })).statusCode).toBe(422);
    expect((await unrelateFromRequest(request.uuid, 'nope')).statusCode).toBe(422);
    for (const payload of [{}, { add_requests: [1] }, { add_requests: 'x' }, { remove_requests: [null] }]) {
      const res = await relateFromTask(task.uuid, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});
