import { COMPLETION_CHECKS_CODE, MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { requests, tasks, taskUsers, timeLogs } from '../../db/schema';
import { historyOf } from './relation-test-helpers';
import {
  EMAIL_DESIGN,
  type RequestTestContext,
  requestCalls,
  setUpRequestTests,
  UNKNOWN,
} from './request-test-helpers';

let ctx: RequestTestContext;
const calls = requestCalls(() => ctx);

beforeAll(async () => {
  ctx = await setUpRequestTests();
});
afterAll(() => ctx.close());

const updateOk = async (uuid: string, payload: object) => {
  const res = await calls.update(uuid, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('PUT requests: submitting a draft', () => {
  it('needs the project and requester when the draft is submitted', async () => {
    const draft = await calls.createOk({ request_type_id: EMAIL_DESIGN, answers: { email_type: 'newsletter' } });
    const res = await calls.update(draft.uuid, { status: 'new' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      project_id: [MESSAGES.enterProject],
      requester_id: [MESSAGES.enterRequester],
      'answers.project_brief': [MESSAGES.requiredOnSubmit],
    });
    expect((await calls.stored(draft.uuid)).status).toBe('draft');
  });

  it('submits a complete draft: status new, named after its type, classified', async () => {
    const draft = await calls.createOk({
      request_type_id: EMAIL_DESIGN,
      project_id: ctx.plan.uuid,
      requester_id: ctx.actors.manager.uuid,
      answers: { email_type: 'newsletter' },
    });
    expect(draft.subject).toBe('Draft');
    const data = await updateOk(draft.uuid, {
      status: 'new',
      answers: {
        email_type: 'promotion',
        project_brief: { ops: [{ insert: 'Sale\n' }] },
        key_message: 'Everything half price',
      },
    });
    expect(data).toMatchObject({ status: 'new', subject: 'Email Design', heat: 'hot', temperature: 3 });
    expect(data.answers.email_type).toBe('promotion');
    expect((await calls.stored(draft.uuid)).submittedAt).not.toBeNull();
  });

  it('never goes back to draft', async () => {
    const request = await calls.createOk(calls.submitted());
    const res = await calls.update(request.uuid, { status: 'draft' });
    expect(res.json().errors).toEqual({ status: [MESSAGES.requestBackToDraft] });
  });

  it('keeps the stored form when the catalogue changes, and validates edits against it', async () => {
    const request = await calls.createOk(calls.submitted());
    const bad = await calls.update(request.uuid, { answers: { email_type: 'carrier_pigeon' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('answers.email_type');
    const cleared = await calls.update(request.uuid, { requester_id: null });
    expect(cleared.json().errors).toEqual({ requester_id: [MESSAGES.enterRequester] });
  });
});

describe('PUT requests: statuses', () => {
  it('moves between statuses and records each change with its interaction', async () => {
    const request = await calls.createOk(calls.submitted());
    const id = (await calls.stored(request.uuid)).id;
    await ctx.db
      .update(requests)
      .set({ lastInteractionAt: new Date('2020-01-01'), heat: 'cold', temperature: 1 })
      .where(eq(requests.id, id));
    for (const status of ['in_progress', 'waiting_approval', 'approved', 'needs_attention', 'cancelled', 'new']) {
      const data = await updateOk(request.uuid, { status, ref_token: 'tab-1' });
      expect(data).toMatchObject({ status, heat: 'hot', temperature: 3 });
    }
    const statuses = (await historyOf(ctx.db, 'request', id))
      .filter((e) => e.action === 'update')
      .map((e) => (e.changes as { status?: { added: string } }).status?.added);
    expect(statuses).toEqual(['in_progress', 'waiting_approval', 'approved', 'needs_attention', 'cancelled', 'new']);
    expect((await calls.stored(request.uuid)).refToken).toBe('tab-1');
  });
});

describe('PUT requests: completing', () => {
  it('answers the failed checklist, then completes anyway on force_complete', async () => {
    const request = await calls.createOk(calls.submitted());
    const res = await calls.update(request.uuid, { status: 'completed' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.checklistTitle,
      code: COMPLETION_CHECKS_CODE,
      checks: [
        { key: 'time_spent', label: MESSAGES.checkTimeSpent, passed: false },
        { key: 'below_estimate', label: MESSAGES.checkBelowEstimate, passed: false },
        { key: 'tasks_completed', label: MESSAGES.checkTasksCompleted, passed: true },
        { key: 'responsible', label: MESSAGES.checkResponsible, passed: false },
        { key: 'tasks_assigned', label: MESSAGES.checkTasksAssigned, passed: true },
        { key: 'tasks_logged', label: MESSAGES.checkTasksLogged, passed: true },
      ],
    });
    expect((await calls.stored(request.uuid)).status).toBe('new');
    const forced = await updateOk(request.uuid, { status: 'completed', force_complete: true });
    expect(forced.status).toBe('completed');
    expect(forced.completed_at).not.toBeNull();
  });

  it('checks the request’s tasks: completed, assigned and logged', async () => {
    const request = await calls.createOk(calls.submitted({ estimated_time_range: '1/3' }));
    const row = await calls.stored(request.uuid);
    await ctx.db.update(requests).set({ timeSpent: 60 }).where(eq(requests.id, row.id));
    const [task] = await ctx.db
      .insert(tasks)
      .values({ title: 'Build it', projectId: ctx.plan.id, requestId: row.id, status: 'in_progress' })
      .returning();
    if (!task) {
      throw new Error('no task');
    }
    const failing = await calls.update(request.uuid, { status: 'completed', responsibles: [ctx.actors.manager.uuid] });
    const failed = failing.json().checks.filter((c: { passed: boolean }) => !c.passed);
    expect(failed.map((c: { key: string }) => c.key)).toEqual(['tasks_completed', 'tasks_assigned', 'tasks_logged']);
    // The failed PUT is rolled back whole, responsibles included.
    expect((await calls.show(request.uuid)).json().data.related_users).toEqual([]);

    await ctx.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, task.id));
    await ctx.db.insert(taskUsers).values({ taskId: task.id, userId: ctx.actors.manager.id, pivot: 'responsible' });
    await ctx.db
      .insert(timeLogs)
      .values({ taskId: task.id, userId: ctx.actors.manager.id, date: '2026-11-20', minutes: 45 });
    const data = await updateOk(request.uuid, { status: 'completed', responsibles: [ctx.actors.manager.uuid] });
    expect(data).toMatchObject({ status: 'completed', time_spent: 60, tasks_total_time: 45, total_time: 105 });
    expect(data.completed_at).not.toBeNull();
  });

  it('clears completed_at when a completed request is edited', async () => {
    const request = await calls.createOk(calls.submitted());
    await updateOk(request.uuid, { status: 'completed', force_complete: true });
    const edited = await updateOk(request.uuid, { target_date: '2030-01-31' });
    expect(edited).toMatchObject({ status: 'completed', completed_at: null, target_date: '2030-01-31' });
  });
});

describe('history', () => {
  it('lists the entries newest first with per-field changes, paged by before', async () => {
    const request = await calls.createOk(calls.submitted());
    await updateOk(request.uuid, { subject: 'Renamed' });
    await updateOk(request.uuid, { kickoff_call: true, followers: [ctx.actors.freelancer.uuid] });
    await updateOk(request.uuid, { kickoff_call: true });
    const res = await ctx.app.inject({ url: `/api/request/${request.uuid}/logs`, headers: calls.asAdmin() });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0].changes).toEqual({
      kickoff_call: { added: true, removed: false },
      followers: { added: [{ uuid: ctx.actors.freelancer.uuid, name: expect.any(String) }], removed: [] },
    });
    expect(entries[1].changes).toEqual({ subject: { added: 'Renamed', removed: 'Spring newsletter' } });
    expect(entries[0].author.uuid).toBe(ctx.actors.admin.uuid);
    const older = await ctx.app.inject({
      url: `/api/request/${request.uuid}/logs?before=${entries[1].id}`,
      headers: calls.asAdmin(),
    });
    expect(older.json().data.map((e: { action: string }) => e.action)).toEqual(['create']);
  });
});

describe('DELETE requests', () => {
  it('discards drafts only', async () => {
    const draft = await calls.createOk({});
    const res = await calls.remove(draft.uuid);
    expect(res.json()).toEqual({ message: MESSAGES.draftDeleted });
    expect((await calls.show(draft.uuid)).statusCode).toBe(404);
    const submitted = await calls.createOk(calls.submitted());
    const kept = await calls.remove(submitted.uuid);
    expect(kept.statusCode).toBe(422);
    expect(kept.json().message).toBe(MESSAGES.onlyDraftsDiscarded);
  });
});

describe('freelancers', () => {
  it('read requests of their plans but cannot change status, answers, or delete, whatever their role', async () => {
    const freelancer = await buildUser(ctx.db, { type: 'freelancer', permissions: PERMISSIONS });
    const headers = bearer(freelancer.token);
    const request = await calls.createOk(calls.submitted({ followers: [freelancer.uuid] }));
    expect((await calls.show(request.uuid, '', headers)).statusCode).toBe(200);
    expect((await calls.update(request.uuid, { status: 'in_progress' }, headers)).statusCode).toBe(403);
    expect((await calls.update(request.uuid, { answers: { email_type: 'promotion' } }, headers)).statusCode).toBe(403);
    expect((await calls.update(request.uuid, { request_type_id: 9 }, headers)).statusCode).toBe(403);
    const brief = { ops: [{ insert: 'A freelancer rewrites the brief\n' }] };
    expect((await calls.update(request.uuid, { description_delta: brief }, headers)).statusCode).toBe(403);
    expect((await calls.update(request.uuid, { status: 'completed', force_complete: true }, headers)).statusCode).toBe(
      403,
    );
    expect((await calls.remove(request.uuid, headers)).statusCode).toBe(403);
    expect((await calls.create({}, headers)).statusCode).toBe(403);
    // Other fields stay editable with REQUEST_UPDATE.
    expect((await calls.update(request.uuid, { target_date: '2030-02-01' }, headers)).statusCode).toBe(200);
  });

  it('do not see requests of other plans (404)', async () => {
    const outsider = await buildUser(ctx.db, { type: 'freelancer', permissions: PERMISSIONS });
    const request = await calls.createOk(calls.submitted());
    expect((await calls.show(request.uuid, '', bearer(outsider.token))).statusCode).toBe(404);
  });
});

describe('unknown and malformed', () => {
  it('answers 404 for an unknown uuid on every request route', async () => {
    expect((await calls.show(UNKNOWN)).statusCode).toBe(404);
    expect((await calls.update(UNKNOWN, { subject: 'x' })).statusCode).toBe(404);
    expect((await calls.remove(UNKNOWN)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/request/${UNKNOWN}/logs`, headers: calls.asAdmin() })).statusCode).toBe(
      404,
    );
  });

  it('answers 422, never 500, for malformed params, queries and bodies', async () => {
    expect((await calls.show('not-a-uuid')).statusCode).toBe(422);
    expect((await calls.show(UNKNOWN, '?with[]=tasks')).statusCode).toBe(422);
    expect((await calls.update('x'.repeat(5000), {})).statusCode).toBe(422);
    const request = await calls.createOk(calls.submitted());
    for (const body of [
      { status: 'finished' },
      { force_complete: 'yes' },
      { estimated_min: -5 },
      { estimated_min: 120, estimated_max: 60 },
      { ref_token: 'x'.repeat(1000) },
      { followers: 'everyone' },
      { project_id: 17 },
      { target_date: '0000-01-01' },
      { subject: 'nul \u0000 byte' },
      { target_date: '2026-02-30' },
    ]) {
      const res = await calls.update(request.uuid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const logs = await ctx.app.inject({
      url: `/api/request/${request.uuid}/logs?before=abc`,
      headers: calls.asAdmin(),
    });
    expect(logs.statusCode).toBe(422);
  });

  it('answers the detail with its with= extras', async () => {
    const request = await calls.createOk(calls.submitted());
    const data = (await calls.show(request.uuid, '?with=total_timelogs,project_time,uploads,tasks')).json().data;
    expect(data).toMatchObject({
      uploads: [],
      tasks: [],
      total_timelogs: 0,
      latest_comment: null,
    });
    const { budget, spent, available } = data.project_time;
    expect(budget).toBe(ctx.plan.refillMinutes);
    expect(available).toBe(budget - spent);
  });
});
