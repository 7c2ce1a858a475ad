import { MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { projects, tags, taskTags } from '../../db/schema';
import { addDays, todayIn } from './calendar';
import { buildTask } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const titles = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((t) => t.title);

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
  plan = await buildPlan(db, { projectManagerId: actors.manager.id, status: 'active' });
  const at = (iso: string) => new Date(iso);
  const today = todayIn('America/New_York');
  const seed = await buildTask(db, {
    projectId: plan.id,
    title: 'L seed',
    status: 'seed',
    createdAt: at('2026-01-01T15:00:00Z'),
  });
  const a = await buildTask(
    db,
    {
      projectId: plan.id,
      title: 'L alpha',
      status: 'todo',
      sortOrder: 3,
      creatorId: actors.manager.id,
      endDate: addDays(today, -2),
      createdAt: at('2026-01-02T15:00:00Z'),
    },
    { responsibles: [actors.freelancer.id] },
  );
  await buildTask(db, {
    projectId: plan.id,
    title: 'L beta',
    status: 'completed',
    sortOrder: 1,
    creatorId: actors.admin.id,
    endDate: addDays(today, -2),
    createdAt: at('2026-01-03T15:00:00Z'),
  });
  await buildTask(db, {
    projectId: plan.id,
    title: 'L gamma',
    status: 'in_progress',
    sortOrder: 2,
    seedId: seed.id,
    occurrenceDate: '2026-01-08',
    endDate: '2099-02-10',
    createdAt: at('2026-01-04T15:00:00Z'),
  });
  const [tag] = await db.insert(tags).values({ name: 'ListTag' }).returning();
  await db.insert(taskTags).values({ taskId: a.id, tagId: tag?.id ?? 0 });
});
afterAll(() => close());

const list = (query: string, token = actors.admin.token) =>
  app.inject({ url: `/api/tasks?filters[project]=${plan.uuid}&${query}`, headers: bearer(token) });

describe('GET /api/tasks (project tasks list)', () => {
  it("names each row's responsibles and followers in name order and its creator, from a handful of profiles", async () => {
    const other = await buildPlan(db, { projectManagerId: actors.manager.id, status: 'active' });
    const [zed, amy, mia] = [
      await buildUser(db, { name: 'Zed People' }),
      await buildUser(db, { name: 'Amy People' }),
      await buildUser(db, { name: 'Mia People' }),
    ];
    const creator = await buildUser(db, { name: 'Cleo Creator' });
    await buildTask(
      db,
      { projectId: other.id, title: 'P one', creatorId: creator.id },
      { responsibles: [zed.id, amy.id], followers: [mia.id, creator.id] },
    );
    await buildTask(db, { projectId: other.id, title: 'P two', creatorId: zed.id }, { responsibles: [mia.id] });
    const res = await app.inject({
      url: `/api/tasks?filters[project]=${other.uuid}&sort[by]=title`,
      headers: bearer(actors.admin.token),
    });
    const names = (people: { name: string }[]) => people.map((p) => p.name);
    const [one, two] = res.json().data;
    expect(names(one.responsibles)).toEqual(['Amy People', 'Zed People']);
    expect(names(one.followers)).toEqual(['Cleo Creator', 'Mia People']);
    expect(one.creator).toEqual({ uuid: creator.uuid, name: 'Cleo Creator' });
    expect(one.responsibles[0]).toEqual({ uuid: amy.uuid, name: 'Amy People', type: 'regular_user' });
    expect(names(two.responsibles)).toEqual(['Mia People']);
    expect(two.followers).toEqual([]);
    expect(two.creator).toEqual({ uuid: zed.uuid, name: 'Zed People' });
  });

  it('answers newest first by default with data and meta', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['L gamma', 'L beta', 'L alpha', 'L seed']);
    expect(res.json().meta).toEqual({ total: 4, current_page: 1, last_page: 1, per_page: 50 });
    expect(res.json().data[0].tags).toBeUndefined();
  });

  it('sorts by task_created_at ascending and by task_sort', async () => {
    expect(titles(await list('sort[by]=task_created_at&sort[direction]=asc'))).toEqual([
      'L seed',
      'L alpha',
      'L beta',
      'L gamma',
    ]);
    expect(
      titles(
        await list(
          'sort[by]=task_sort&filters[task_status][]=todo&filters[task_status][]=completed&filters[task_status][]=in_progress',
        ),
      ),
    ).toEqual(['L beta', 'L gamma', 'L alpha']);
  });

  it('filters by status, tags (with=tags), creator, related user, seed and overdue', async () => {
    expect(titles(await list('filters[task_status][]=todo&filters[task_status][]=completed'))).toEqual([
      'L beta',
      'L alpha',
    ]);
    const tagged = await list('filters[tags][]=listtag&with=tags');
    expect(titles(tagged)).toEqual(['L alpha']);
    expect(tagged.json().data[0].tags).toEqual([{ name: 'ListTag' }]);
    expect(titles(await list(`filters[creator.uuid]=${actors.manager.uuid}`))).toEqual(['L alpha']);
    expect(titles(await list(`filters[related_users.uuid][]=${actors.freelancer.uuid}`))).toEqual(['L alpha']);
    const seedUuid = (await list('filters[task_status]=seed')).json().data[0].uuid;
    const occurrences = await list(`filters[seed.uuid]=${seedUuid}`);
    expect(titles(occurrences)).toEqual(['L gamma']);
    expect(occurrences.json().data[0].seed).toEqual({ uuid: seedUuid, title: 'L seed' });
    // Overdue: due in the past and neither completed nor cancelled.
    expect(titles(await list('filters[overdue_only]=1'))).toEqual(['L alpha']);
  });

  it('filters by created and due date ranges, search_term[0][0] and plain search_term', async () => {
    expect(
      titles(
        await list(
          'filters[created_at][greater_than_or_equals]=2026-01-02&filters[created_at][less_than_or_equals]=2026-01-03',
        ),
      ),
    ).toEqual(['L beta', 'L alpha']);
    expect(
      titles(
        await list(
          'filters[end_date][greater_than_or_equals]=2099-02-01&filters[end_date][less_than_or_equals]=2099-02-28',
        ),
      ),
    ).toEqual(['L gamma']);
    expect(titles(await list('search_term[0][0]=ALP'))).toEqual(['L alpha']);
    expect(titles(await list('search_term=gam'))).toEqual(['L gamma']);
  });

  it('filters by project status, and requests filters match nothing until requests land', async () => {
    expect(titles(await list('filters[project_status][]=paused'))).toEqual([]);
    expect(titles(await list('filters[project_status][]=active'))).toHaveLength(4);
    expect(titles(await list('filters[has_requests]=1'))).toEqual([]);
    expect(titles(await list('filters[has_requests]=0'))).toHaveLength(4);
    expect(titles(await list('filters[requester_type][]=contact'))).toEqual([]);
  });

  it('pages up to page[size]=1000 and refuses more', async () => {
    const res = await list('page[size]=2&page[number]=2');
    expect(titles(res)).toEqual(['L alpha', 'L seed']);
    expect(res.json().meta).toEqual({ total: 4, current_page: 2, last_page: 2, per_page: 2 });
    expect((await list('page[size]=1000')).statusCode).toBe(200);
    expect((await list('page[size]=1001')).statusCode).toBe(422);
  });

  it('never answers 500 for malformed filters', async () => {
    for (const query of [
      'filters[task_status][]=nope',
      'filters[creator.uuid]=x',
      'filters[created_at][greater_than_or_equals]=yesterday',
      'filters[overdue_only]=maybe',
      'sort[by]=nope',
      'page[number]=0',
      'filters[project][]=1',
      'search_term[0][0][0][0]=x',
    ]) {
      expect((await list(query)).statusCode, query).toBe(422);
    }
  });
});

describe('task visibility', () => {
  it('shows freelancers only tasks of plans they are on or tasks they are responsible for or follow', async () => {
    const freelancer = await buildUser(db, {
      type: 'freelancer',
      permissions: ['TASKS_READ', 'TASKS_CREATE', 'TASKS_UPDATE'],
    });
    const onPlan = await buildPlan(db, { members: [freelancer.id] });
    const offPlan = await buildPlan(db);
    await buildTask(db, { projectId: onPlan.id, title: 'V member task' });
    await buildTask(db, { projectId: offPlan.id, title: 'V assigned' }, { responsibles: [freelancer.id] });
    await buildTask(db, { projectId: offPlan.id, title: 'V followed' }, { followers: [freelancer.id] });
    const hidden = await buildTask(db, { projectId: offPlan.id, title: 'V hidden' });
    const res = await app.inject({ url: '/api/tasks?search_term=V ', headers: bearer(freelancer.token) });
    expect(titles(res).sort()).toEqual(['V assigned', 'V followed', 'V member task']);
    expect((await app.inject({ url: `/api/tasks/${hidden.uuid}`, headers: bearer(freelancer.token) })).statusCode).toBe(
      404,
    );
    const put = await app.inject({
      method: 'PUT',
      url: `/api/tasks/${hidden.uuid}`,
      headers: bearer(freelancer.token),
      payload: { title: 'x' },
    });
    expect(put.statusCode).toBe(404);
    const create = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(freelancer.token),
      payload: { title: 'Sneaky', project_id: offPlan.uuid },
    });
    expect(create.json().errors.project_id).toEqual([MESSAGES.unknownReference]);
  });

  it("pages a freelancer's plans, managed plans and own tasks as one list: each task once, exact totals", async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['TASKS_READ'] });
    const member = await buildPlan(db, { members: [freelancer.id] });
    const managed = await buildPlan(db, { projectManagerId: freelancer.id });
    const offPlan = await buildPlan(db);
    const at = (day: number) => new Date(`2026-03-0${day}T12:00:00Z`);
    // Newest first, the sources interleave, and the member plan's 'P both' is also the freelancer's own task.
    await buildTask(db, { projectId: member.id, title: 'P one', sortOrder: 2, createdAt: at(1) });
    await buildTask(
      db,
      { projectId: offPlan.id, title: 'P two', sortOrder: 1, createdAt: at(2) },
      { followers: [freelancer.id] },
    );
    await buildTask(db, { projectId: managed.id, title: 'P three', sortOrder: 2, createdAt: at(3) });
    await buildTask(
      db,
      { projectId: member.id, title: 'P both', sortOrder: 1, createdAt: at(4) },
      { responsibles: [freelancer.id] },
    );
    await buildTask(
      db,
      { projectId: offPlan.id, title: 'P five', sortOrder: 3, createdAt: at(5) },
      { responsibles: [freelancer.id] },
    );
    await buildTask(db, { projectId: offPlan.id, title: 'P hidden', createdAt: at(6) });
    const page = async (query: string) => {
      const res = await app.inject({ url: `/api/tasks?search_term=P &${query}`, headers: bearer(freelancer.token) });
      return { titles: titles(res), total: res.json().meta.total };
    };
    const pages = [];
    for (const number of [1, 2, 3]) {
      pages.push(await page(`page[size]=2&page[number]=${number}`));
    }
    expect(pages).toEqual([
      { titles: ['P five', 'P both'], total: 5 },
      { titles: ['P three', 'P two'], total: 5 },
      { titles: ['P one'], total: 5 },
    ]);
    expect((await page('page[size]=3&sort[by]=task_created_at&sort[direction]=asc')).titles).toEqual([
      'P one',
      'P two',
      'P three',
    ]);
    expect((await page('page[size]=3&page[number]=2&sort[by]=task_sort')).titles).toEqual(['P one', 'P five']);
    expect(await page('filters[task_status][]=completed')).toEqual({ titles: [], total: 0 });
  });

  it("shows staff every non-personal plan's tasks and personal tasks only to their owner", async () => {
    const other = await buildPlan(db);
    await buildTask(db, { projectId: other.id, title: 'W staff sees' });
    const res = await app.inject({ url: '/api/tasks?search_term=W staff', headers: bearer(actors.manager.token) });
    expect(titles(res)).toEqual(['W staff sees']);
  });
});

describe('personal plan and personal tasks', () => {
  it('creates the personal plan on first use, once, and answers it for personal_only', async () => {
    const user = await buildUser(db, { permissions: ['PROJECTS_READ', 'TASKS_READ', 'TASKS_CREATE', 'TASKS_UPDATE'] });
    const [first, second] = await Promise.all([
      app.inject({ url: '/api/projects?personal_only=true', headers: bearer(user.token) }),
      app.inject({ url: '/api/projects?personal_only=true', headers: bearer(user.token) }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject([{ title: 'Personal', kind: 'personal' }]);
    expect(second.json().data[0].uuid).toBe(first.json().data[0].uuid);
    const personal = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(projects)
      .where(eq(projects.projectManagerId, user.id));
    expect(personal[0]?.n).toBe(1);
  });

  it('lets a freelancer reach their personal plan, makes them the responsible and keeps the plan fixed', async () => {
    const res = await app.inject({ url: '/api/projects/personal', headers: bearer(actors.freelancer.token) });
    expect(res.statusCode).toBe(200);
    const personalUuid = res.json().data.uuid;
    const created = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.freelancer.token),
      payload: { title: 'My errand', project_id: personalUuid, responsibles: [actors.manager.uuid] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const task = created.json().data;
    expect(task.project).toMatchObject({ uuid: personalUuid, personal: true });
    expect(task.responsibles.map((p: { uuid: string }) => p.uuid)).toEqual([actors.freelancer.uuid]);
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.uuid}`,
      headers: bearer(actors.freelancer.token),
      payload: { project_id: plan.uuid },
    });
    expect(moved.json().errors.project_id).toEqual([MESSAGES.personalProjectFixed]);
    // Nobody else sees it, and nobody else may put tasks in it.
    expect((await app.inject({ url: `/api/tasks/${task.uuid}`, headers: bearer(actors.admin.token) })).statusCode).toBe(
      404,
    );
    const intrude = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Intrude', project_id: personalUuid },
    });
    expect(intrude.json().errors.project_id).toEqual([MESSAGES.unknownReference]);
    // A regular task cannot move into a personal plan.
    const regular = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Regular', project_id: plan.uuid },
    });
    const adminPersonal = (
      await app.inject({ url: '/api/projects/personal', headers: bearer(actors.admin.token) })
    ).json().data;
    const intoPersonal = await app.inject({
      method: 'PUT',
      url: `/api/tasks/${regular.json().data.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { project_id: adminPersonal.uuid },
    });
    expect(intoPersonal.json().errors.project_id).toEqual([MESSAGES.personalProjectFixed]);
  });
});

describe('large totals', () => {
  it('keeps a large total briefly, and drops it at this instance’s next task write', async () => {
    const big = await buildPlan(db);
    await db.execute(
      sql`insert into tasks (title, project_id) select 'Bulk ' || i, ${big.id} from generate_series(1, 10000) as i`,
    );
    const url = `/api/tasks?filters[project]=${big.uuid}&page[size]=1`;
    const total = async () => (await app.inject({ url, headers: bearer(actors.admin.token) })).json().meta.total;
    expect(await total()).toBe(10_000);
    // A row written behind the API's back shows only after the cache time, or after a write through the API.
    await buildTask(db, { projectId: big.id, title: 'Sneaked in' });
    expect(await total()).toBe(10_000);
    const created = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Through the API', project_id: big.uuid },
    });
    expect(created.statusCode).toBe(200);
    expect(await total()).toBe(10_002);
  });
});
