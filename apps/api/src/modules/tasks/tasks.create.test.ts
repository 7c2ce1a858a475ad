import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan, buildUser } from '../../../test/factories';
import { activityLogs } from '../../db/schema';
import { addDays, todayIn } from './calendar';
import { setAutoFollow, setUpTaskTests, type TaskTestContext, taskRequests, UNKNOWN } from './test-helpers';

/** POST /api/tasks: defaults, every field, validation, people rules, subtasks and recurring seeds. */

let app: TaskTestContext['app'];
let close: () => Promise<void>;
let db: TaskTestContext['db'];
let actors: TaskTestContext['actors'];
let plan: TaskTestContext['plan'];

beforeAll(async () => {
  ({ app, close, db, actors, plan } = await setUpTaskTests());
});
afterAll(() => close());

const { asAdmin, create, show, createOk, stored } = taskRequests(() => ({ app, db, actors, plan }));

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

  it('answers 422 for an unknown request or upload', async () => {
    const res = await create({ title: 'R', project_id: plan.uuid, add_requests: [UNKNOWN] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ add_requests: [MESSAGES.unknownReference] });
    const upload = await create({ title: 'U', project_id: plan.uuid, uploads: [UNKNOWN] });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().errors).toEqual({ uploads: [MESSAGES.unknownReference] });
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
