import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { parseCsv } from '../tables/test-helpers';
import { buildTask } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let planA: Awaited<ReturnType<typeof buildPlan>>;
let planB: Awaited<ReturnType<typeof buildPlan>>;

type Fixture = {
  id: number;
  title: string;
  status: string;
  priority: number;
  startDate: string | null;
  endDate: string | null;
  plan: string;
};
const fixtures: Fixture[] = [];

beforeAll(async () => {
  const world = await getTestApp();
  ({ app, close } = world);
  const { db } = world;
  actors = await buildActors(db);
  // Plan titles differ in case from their order by code point, so a case-sensitive sort would show.
  planA = await buildPlan(db, { title: 'sort zebra plan', members: [actors.freelancer.id] });
  planB = await buildPlan(db, { title: 'Sort Apple plan', members: [actors.freelancer.id] });
  const rows: Omit<Fixture, 'id'>[] = [
    { title: 'banana', status: 'todo', priority: 1, startDate: '2026-03-02', endDate: null, plan: planA.title },
    { title: 'Apple', status: 'completed', priority: 2, startDate: null, endDate: '2026-04-01', plan: planA.title },
    { title: 'cherry', status: 'todo', priority: 0, startDate: '2026-03-01', endDate: '2026-04-03', plan: planB.title },
    {
      title: 'apple',
      status: 'in_progress',
      priority: 1,
      startDate: '2026-03-02',
      endDate: '2026-04-01',
      plan: planB.title,
    },
    { title: 'Date', status: 'todo', priority: 2, startDate: null, endDate: null, plan: planA.title },
    {
      title: 'elder',
      status: 'pending',
      priority: 1,
      startDate: '2026-03-05',
      endDate: '2026-04-02',
      plan: planB.title,
    },
    { title: 'fig', status: 'todo', priority: 1, startDate: '2026-03-02', endDate: '2026-04-01', plan: planA.title },
  ];
  for (const row of rows) {
    const task = await buildTask(db, {
      projectId: row.plan === planA.title ? planA.id : planB.id,
      title: row.title,
      status: row.status,
      priority: row.priority,
      startDate: row.startDate,
      endDate: row.endDate,
    });
    fixtures.push({ ...row, id: task.id });
  }
});
afterAll(() => close());

const planFilter = () => `filters[project][]=${planA.uuid}&filters[project][]=${planB.uuid}`;
const list = (query: string, token = actors.admin.token) =>
  app.inject({ url: `/api/tasks?${planFilter()}&${query}`, headers: bearer(token) });
const titlesOf = (res: { json: () => { data: { title: string }[] } }) => res.json().data.map((t) => t.title);

/** The expected order, computed independently: PostgreSQL's nulls (last ascending, first descending), then id. */
function expected(key: (f: Fixture) => string | number | null, direction: 'asc' | 'desc'): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: Fixture, b: Fixture) => {
    const x = key(a);
    const y = key(b);
    if (x === y) {
      return sign * (a.id - b.id);
    }
    if (x === null) {
      return sign;
    }
    if (y === null) {
      return -sign;
    }
    return sign * (x < y ? -1 : 1);
  };
  return [...fixtures].sort(compare).map((f) => f.title);
}

const KEYS: Record<string, (f: Fixture) => string | number | null> = {
  title: (f) => f.title.toLowerCase(),
  status: (f) => f.status,
  priority: (f) => f.priority,
  start_date: (f) => f.startDate,
  end_date: (f) => f.endDate,
  project: (f) => f.plan.toLowerCase(),
};

describe('GET /api/tasks sort[by] (the tasks table sortable columns)', () => {
  for (const [by, key] of Object.entries(KEYS)) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sorts by ${by} ${direction}, ties by id in the same direction`, async () => {
        const res = await list(`sort[by]=${by}&sort[direction]=${direction}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(titlesOf(res)).toEqual(expected(key, direction));
      });
    }
  }

  it('sorts a column ascending when no direction is given, and created_at newest first like task_created_at', async () => {
    expect(titlesOf(await list('sort[by]=priority'))).toEqual(expected(KEYS.priority as never, 'asc'));
    expect(titlesOf(await list('sort[by]=created_at'))).toEqual(titlesOf(await list('sort[by]=task_created_at')));
    expect(titlesOf(await list('sort[by]=created_at')).at(0)).toBe('fig');
  });

  it('pages through ties without repeating or skipping a row', async () => {
    for (const by of ['status', 'priority', 'end_date', 'project']) {
      const whole = titlesOf(await list(`sort[by]=${by}&sort[direction]=desc&page[size]=50`));
      const paged: string[] = [];
      for (let page = 1; page <= 4; page++) {
        paged.push(...titlesOf(await list(`sort[by]=${by}&sort[direction]=desc&page[size]=2&page[number]=${page}`)));
      }
      expect(paged, by).toEqual(whole);
    }
  });

  it("sorts and pages a freelancer's tasks (each visibility alternative paged on its own) the same way", async () => {
    for (const by of ['title', 'project']) {
      const whole = titlesOf(await list(`sort[by]=${by}`, actors.freelancer.token));
      expect(whole, by).toEqual(expected(KEYS[by] as never, 'asc'));
      const second = titlesOf(await list(`sort[by]=${by}&page[size]=3&page[number]=2`, actors.freelancer.token));
      expect(second, by).toEqual(whole.slice(3, 6));
    }
  });

  it('refuses an unknown sort field or direction with 422 naming the allowed ones, never a 500', async () => {
    const res = await list('sort[by]=responsibles');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['sort.by']).toEqual([
      'Sort by one of: task_created_at, task_sort, created_at, title, status, priority, start_date, end_date, project.',
    ]);
    for (const query of [
      'sort[by]=id',
      'sort[by]=title;drop',
      'sort[direction]=up',
      'sort[by][]=title',
      'sort=title',
    ]) {
      expect((await list(query)).statusCode, query).toBe(422);
    }
  });

  it('exports all tasks in the order of the table (export-all follows sort[by])', async () => {
    const res = await app.inject({
      url: `/api/tasks/export-all?${planFilter()}&sort[by]=project&sort[direction]=desc&format=csv`,
      headers: bearer(actors.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [, ...rows] = parseCsv(res.rawPayload);
    expect(rows.map((r) => r[0])).toEqual(expected(KEYS.project as never, 'desc'));
  });
});
