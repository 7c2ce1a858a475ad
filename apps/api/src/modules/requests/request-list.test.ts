import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan } from '../../../test/factories';
import { requests, requestUsers, tasks, timeLogs } from '../../db/schema';
import { buildRequest } from './relation-test-helpers';
import { reclassifyRequests, touchRequestInteraction } from './request-temperature';
import { type RequestTestContext, requestCalls, setUpRequestTests } from './request-test-helpers';

let ctx: RequestTestContext;
const calls = requestCalls(() => ctx);
const ids: Record<string, number> = {};

const subjects = (res: { json: () => { data: { subject: string }[] } }) => res.json().data.map((r) => r.subject);

beforeAll(async () => {
  ctx = await setUpRequestTests();
  const hosting = await buildPlan(ctx.db, { planType: 'hosting' });
  const other = await buildPlan(ctx.db, { planType: 'one_off_project' });
  const rows: [string, number, string, number | null, number][] = [
    // subject, plan, status, temperature, time_spent
    ['r1 logo', ctx.plan.id, 'new', 3, 30],
    ['r2 banner', ctx.plan.id, 'in_progress', 2, 60],
    ['r3 hosting move', hosting.id, 'waiting_approval', 1, 0],
    ['r4 hosting dns', hosting.id, 'approved', null, 0],
    ['r5 video', ctx.plan.id, 'needs_attention', 3, 0],
    ['r6 draft', ctx.plan.id, 'draft', null, 0],
    ['r7 done', ctx.plan.id, 'completed', 3, 500],
    ['r8 dropped', ctx.plan.id, 'cancelled', 3, 0],
    ['r9 one-off', other.id, 'new', 3, 0],
    ['r10 hosting ssl', hosting.id, 'new', 2, 0],
  ];
  let minute = 0;
  for (const [subject, projectId, status, temperature, timeSpent] of rows) {
    minute += 1;
    const row = await buildRequest(ctx.db, {
      subject,
      projectId,
      status,
      temperature,
      timeSpent,
      createdAt: new Date(Date.UTC(2026, 10, 1, 9, minute)),
    });
    const key = subject.split(' ')[0] ?? subject;
    ids[key] = row.id;
  }
  const [task] = await ctx.db
    .insert(tasks)
    .values({ title: 'Cut the banner', projectId: ctx.plan.id, requestId: ids.r2 })
    .returning();
  if (!task) {
    throw new Error('no task');
  }
  await ctx.db.insert(timeLogs).values([
    { taskId: task.id, userId: ctx.actors.manager.id, date: '2026-11-02', minutes: 15 },
    { taskId: task.id, userId: ctx.actors.admin.id, date: '2026-11-02', minutes: 99, status: 'paused' },
  ]);
  await ctx.db
    .insert(requestUsers)
    .values({ requestId: ids.r3 ?? 0, userId: ctx.actors.freelancer.id, pivot: 'follower' });
});
afterAll(() => ctx.close());

describe('GET requests: default filters', () => {
  it('lists open requests of retainer and hosting plans, newest first', async () => {
    const res = await calls.list('');
    expect(res.statusCode, res.body).toBe(200);
    expect(subjects(res)).toEqual([
      'r10 hosting ssl',
      'r5 video',
      'r4 hosting dns',
      'r3 hosting move',
      'r2 banner',
      'r1 logo',
    ]);
    expect(res.json().meta).toEqual({ total: 6, current_page: 1, last_page: 1, per_page: 50 });
    expect(res.json().total_time).toBeUndefined();
    expect(res.json().count_per_temp).toBeUndefined();
  });

  it('answers count_per_temp over the set without the temperature filter, and total_time', async () => {
    const res = await calls.list('with_count_per_temp=1&with_total_time=1');
    expect(res.json()).toMatchObject({ count_per_temp: { 1: 1, 2: 2, 3: 2 }, total_time: 30 + 60 + 15 });
    const hot = await calls.list('filters[projects_requests.temperature]=3&with_count_per_temp=1&with_total_time=1');
    expect(subjects(hot)).toEqual(['r5 video', 'r1 logo']);
    expect(hot.json()).toMatchObject({ meta: { total: 2 }, count_per_temp: { 1: 1, 2: 2, 3: 2 }, total_time: 30 });
  });

  it('drops the temperature filter when all three are chosen', async () => {
    const some = await calls.list(
      'filters[projects_requests.temperature][]=1&filters[projects_requests.temperature][]=2',
    );
    expect(some.json().meta.total).toBe(3);
    const all = await calls.list(
      'filters[projects_requests.temperature][]=1&filters[projects_requests.temperature][]=2&filters[projects_requests.temperature][]=3',
    );
    expect(all.json().meta.total).toBe(6);
  });

  it('answers the new-request badge count', async () => {
    const res = await calls.list(
      'page[size]=1&filters[projects_requests.status][]=new&project_type[]=retainer&project_type[]=hosting',
    );
    expect(res.json().data).toHaveLength(1);
    expect(res.json().meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
  });

  it('filters by status, project type, person and search; sorts on request', async () => {
    const statuses = await calls.list(
      'filters[projects_requests.status][]=completed&filters[projects_requests.status][]=draft',
    );
    expect(subjects(statuses)).toEqual(['r7 done', 'r6 draft']);
    const types = await calls.list('project_type[]=others');
    expect(subjects(types)).toEqual(['r9 one-off']);
    const allTypes = await calls.list('project_type[]=others&project_type[]=retainer&project_type[]=hosting');
    expect(allTypes.json().meta.total).toBe(7);
    const person = await calls.list(`user.uuid=${ctx.actors.freelancer.uuid}`);
    expect(subjects(person)).toEqual(['r3 hosting move']);
    const search = await calls.list('search_term=HOSTING');
    expect(subjects(search)).toEqual(['r10 hosting ssl', 'r4 hosting dns', 'r3 hosting move']);
    const sorted = await calls.list('sort[by]=subject&sort[direction]=asc');
    expect(subjects(sorted)[0]).toBe('r1 logo');
    const paged = await calls.list('page[size]=4&page[number]=2');
    expect(subjects(paged)).toEqual(['r2 banner', 'r1 logo']);
  });

  it('adds latest_comment, project_time and tasks when asked', async () => {
    const res = await calls.list('with=latest_comment,project_time,tasks&search_term=banner');
    const [row] = res.json().data;
    expect(row).toMatchObject({
      subject: 'r2 banner',
      latest_comment: null,
      time_spent: 60,
      tasks_total_time: 15,
      total_time: 75,
      project_time: { budget: ctx.plan.refillMinutes },
      tasks: [{ title: 'Cut the banner', responsibles_count: 0, total_timelogs: 15, status: 'todo' }],
    });
  });

  it('shows freelancers only requests of their plans or that they follow', async () => {
    const res = await calls.list('with_count_per_temp=1', bearer(ctx.actors.freelancer.token));
    expect(subjects(res)).toEqual(['r5 video', 'r3 hosting move', 'r2 banner', 'r1 logo']);
    expect(res.json().count_per_temp).toEqual({ 1: 1, 2: 1, 3: 2 });
  });

  it('answers 422, never 500, for malformed queries', async () => {
    for (const query of [
      'filters[projects_requests.status][]=done',
      'filters[projects_requests.temperature]=4',
      'filters[projects_requests.temperature]=hot',
      'project_type[]=moon',
      'user.uuid=nope',
      'page[size]=0',
      'page[size]=abc',
      'sort[by]=password',
      `with=${'x'.repeat(5000)}`,
      'with_total_time=maybe',
    ]) {
      expect((await calls.list(query)).statusCode, query).toBe(422);
    }
    expect((await calls.list(`search_term=${'%'.repeat(3000)}`)).statusCode).toBe(200);
    expect((await calls.list('search_term=a%00b')).statusCode).toBeLessThan(500);
  });
});

describe('figures of large sets', () => {
  it('are kept for a few seconds per query and dropped at this instance’s next request write', async () => {
    const bulkPlan = await buildPlan(ctx.db, { projectManagerId: ctx.actors.manager.id });
    await ctx.db.execute(sql`insert into requests (subject, project_id, status, temperature, time_spent)
      select 'bulk ' || g, ${bulkPlan.id}, 'approved', 1 + g % 3, 1 from generate_series(1, 1200) g`);
    const query = `filters[project.uuid]=${bulkPlan.uuid}&with_count_per_temp=1&with_total_time=1`;
    const first = (await calls.list(query)).json();
    expect(first).toMatchObject({
      meta: { total: 1200 },
      count_per_temp: { 1: 400, 2: 400, 3: 400 },
      total_time: 1200,
    });
    // A row written behind the API's back is not seen while the figures are cached…
    await ctx.db.execute(
      sql`insert into requests (subject, project_id, status, temperature) values ('sneaky', ${bulkPlan.id}, 'approved', 3)`,
    );
    expect((await calls.list(query)).json().meta.total).toBe(1200);
    // …but any request written through the API drops them.
    await calls.createOk(calls.submitted());
    expect((await calls.list(query)).json()).toMatchObject({ meta: { total: 1201 }, count_per_temp: { 3: 401 } });
  });
});

describe('temperature', () => {
  it('reclassifies from the last interaction: hot, warm, cold; only changed rows are written', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const set = (key: string, last: Date | null, heat: string | null, temperature: number | null) =>
      ctx.db
        .update(requests)
        .set({ lastInteractionAt: last, heat, temperature })
        .where(eq(requests.id, ids[key] ?? 0));
    await set('r1', new Date(now.getTime() - 2 * day), 'warm', 2);
    await set('r2', new Date(now.getTime() - 10 * day), 'hot', 3);
    await set('r3', new Date(now.getTime() - 40 * day), 'warm', 2);
    await set('r4', null, null, null);
    await reclassifyRequests(ctx.db, now);
    const read = async (key: string) =>
      (
        await ctx.db
          .select()
          .from(requests)
          .where(eq(requests.id, ids[key] ?? 0))
      )[0];
    expect(await read('r1')).toMatchObject({ heat: 'hot', temperature: 3, ghosted: false });
    expect(await read('r2')).toMatchObject({ heat: 'warm', temperature: 2 });
    expect(await read('r3')).toMatchObject({ heat: 'cold', temperature: 1 });
    expect(await read('r4')).toMatchObject({ heat: 'cold', temperature: 1 });
    expect(await reclassifyRequests(ctx.db, now)).toBe(0);
  });

  it('touchRequestInteraction makes a request hot in the caller’s transaction', async () => {
    await ctx.db.transaction((tx) => touchRequestInteraction(tx, ids.r3 ?? 0));
    const [row] = await ctx.db
      .select()
      .from(requests)
      .where(eq(requests.id, ids.r3 ?? 0));
    expect(row).toMatchObject({ heat: 'hot', temperature: 3 });
    expect(row?.lastInteractionAt).not.toBeNull();
  });
});
