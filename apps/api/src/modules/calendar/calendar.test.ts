import { MESSAGES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { comments, requests, requestUsers } from '../../db/schema';
import { buildTask } from '../tasks/test-helpers';

type World = Awaited<ReturnType<typeof setUp>>;

async function buildRequest(db: Database, projectId: number, targetDate: string, people: number[] = []) {
  const [row] = await db
    .insert(requests)
    .values({ subject: `Request ${Math.random().toString(36).slice(2, 8)}`, projectId, status: 'new', targetDate })
    .returning();
  if (!row) {
    throw new Error('request not created');
  }
  if (people.length) {
    await db.insert(requestUsers).values(people.map((userId) => ({ requestId: row.id, userId, pivot: 'responsible' })));
  }
  return row;
}

async function setUp() {
  const { app, close, db } = await getTestApp();
  const actors = await buildActors(db);
  // The freelancer's plan (a retainer started on the 15th: a credit renewal on 2026-11-15) and a plan they are not on.
  const mine = await buildPlan(db, {
    projectManagerId: actors.manager.id,
    members: [actors.freelancer.id],
    startDate: '2026-08-15',
    status: 'active',
  });
  const other = await buildPlan(db, { projectManagerId: actors.manager.id, planType: 'hosting' });
  const span = await buildTask(db, { projectId: mine.id, startDate: '2026-11-10', endDate: '2026-11-12' });
  const hidden = await buildTask(db, { projectId: other.id, endDate: '2026-11-20' });
  const assigned = await buildTask(
    db,
    { projectId: other.id, endDate: '2026-11-21' },
    { responsibles: [actors.freelancer.id] },
  );
  const outside = await buildTask(db, { projectId: mine.id, endDate: '2027-01-20' });
  // Begun before November and due after it: neither date falls in the month, yet the task runs through all of it.
  const long = await buildTask(db, { projectId: mine.id, startDate: '2026-10-20', endDate: '2027-01-10' });
  const request = await buildRequest(db, other.id, '2026-11-18');
  return { app, close, db, actors, mine, other, span, hidden, assigned, outside, long, request };
}

const events = (w: World, token: string, query: string) =>
  w.app.inject({ url: `/api/calendar/events?${query}`, headers: bearer(token) });
const idsOf = (res: { json: () => { data: { id: string }[] } }) => res.json().data.map((e) => e.id);
const NOVEMBER = 'start=2026-11-01&end=2026-12-01';

describe('calendar events', () => {
  let w: World;
  beforeAll(async () => {
    w = await setUp();
  });
  afterAll(async () => w.close());

  it('shows an admin every dated task, the request deliveries and the credit renewals of the range', async () => {
    const res = await events(w, w.actors.admin.token, NOVEMBER);
    expect(res.statusCode, res.body).toBe(200);
    const ids = idsOf(res);
    expect(ids).toEqual(
      expect.arrayContaining([
        `task:${w.span.uuid}`,
        `task:${w.hidden.uuid}`,
        `task:${w.assigned.uuid}`,
        `request:${w.request.uuid}`,
        `renewal:${w.mine.uuid}:2026-11-15`,
      ]),
    );
    expect(ids).not.toContain(`task:${w.outside.uuid}`);
    const span = res.json().data.find((e: { id: string }) => e.id === `task:${w.span.uuid}`);
    // A start–due span ends the day after its due date (exclusive), as calendars draw all-day spans.
    expect(span).toMatchObject({ start: '2026-11-10', end: '2026-11-13', all_day: true, movable: true });
    expect(span.open).toEqual({ type: 'task', uuid: w.span.uuid });
  });

  it('shows a task whose span covers the whole range though neither of its dates falls in it', async () => {
    const res = await events(w, w.actors.admin.token, 'start=2026-11-09&end=2026-11-16');
    expect(res.statusCode, res.body).toBe(200);
    const long = res.json().data.find((e: { id: string }) => e.id === `task:${w.long.uuid}`);
    expect(long).toMatchObject({ start: '2026-10-20', end: '2027-01-11', all_day: true });
    // A range after its due date does not show it.
    expect(idsOf(await events(w, w.actors.admin.token, 'start=2027-02-01&end=2027-03-01'))).not.toContain(
      `task:${w.long.uuid}`,
    );
  });

  it('shows a manager the same tasks and requests as the lists do', async () => {
    const ids = idsOf(await events(w, w.actors.manager.token, NOVEMBER));
    expect(ids).toEqual(
      expect.arrayContaining([`task:${w.hidden.uuid}`, `task:${w.span.uuid}`, `request:${w.request.uuid}`]),
    );
  });

  it("shows a freelancer only their plans' tasks and the tasks they are on, and no other plan's request", async () => {
    const res = await events(w, w.actors.freelancer.token, NOVEMBER);
    expect(res.statusCode).toBe(200);
    const ids = idsOf(res);
    expect(ids).toContain(`task:${w.span.uuid}`);
    expect(ids).toContain(`task:${w.assigned.uuid}`);
    expect(ids).toContain(`renewal:${w.mine.uuid}:2026-11-15`);
    expect(ids).not.toContain(`task:${w.hidden.uuid}`);
    expect(ids).not.toContain(`request:${w.request.uuid}`);
    // Freelancers hold no REQUEST_UPDATE; the tasks they see they may move (TASKS_UPDATE).
    expect(res.json().data.find((e: { id: string }) => e.id === `task:${w.span.uuid}`).movable).toBe(true);
  });

  it('gives a freelancer filtering by a plan they are not on only what they already see there', async () => {
    const ids = idsOf(await events(w, w.actors.freelancer.token, `${NOVEMBER}&project_uuid=${w.other.uuid}`));
    expect(ids).toEqual([`task:${w.assigned.uuid}`]);
  });

  it('refuses a client contact, as the task and request lists do', async () => {
    expect((await events(w, w.actors.contact.token, NOVEMBER)).statusCode).toBe(403);
    expect((await w.app.inject({ url: `/api/calendar/events?${NOVEMBER}` })).statusCode).toBe(401);
  });

  it('refuses a range that ends before it starts or is longer than 62 days', async () => {
    const backwards = await events(w, w.actors.admin.token, 'start=2026-11-10&end=2026-11-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().message).toBe(MESSAGES.calendarRangeOrder);
    const long = await events(w, w.actors.admin.token, 'start=2026-01-01&end=2026-04-01');
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toBe(MESSAGES.calendarRangeTooLong);
  });

  it('filters by kind, plan, client and person', async () => {
    const onlyRequests = idsOf(await events(w, w.actors.admin.token, `${NOVEMBER}&kinds[]=request`));
    expect(onlyRequests).toEqual([`request:${w.request.uuid}`]);
    const byPlan = idsOf(await events(w, w.actors.admin.token, `${NOVEMBER}&kinds[]=task&project_uuid=${w.mine.uuid}`));
    // The plan's span inside November and the one running through it.
    expect(byPlan.sort()).toEqual([`task:${w.span.uuid}`, `task:${w.long.uuid}`].sort());
    const [customer] = await w.db
      .execute<{ uuid: string }>(sql`select uuid from customers where id = ${w.other.customerId}`)
      .then((r) => r.rows);
    const byClient = idsOf(
      await events(w, w.actors.admin.token, `${NOVEMBER}&kinds[]=task&customer_uuid=${customer?.uuid}`),
    );
    expect(byClient.sort()).toEqual([`task:${w.hidden.uuid}`, `task:${w.assigned.uuid}`].sort());
    const byPerson = idsOf(
      await events(w, w.actors.admin.token, `${NOVEMBER}&kinds[]=task&user_uuid=${w.actors.freelancer.uuid}`),
    );
    expect(byPerson).toEqual([`task:${w.assigned.uuid}`]);
  });

  it('shows a scheduled comment to its author only, until it is sent', async () => {
    await w.db.insert(comments).values({
      commentableType: 'task',
      commentableId: w.span.id,
      projectId: w.mine.id,
      text: 'Reminder to the client about the launch',
      creatorId: w.actors.manager.id,
      sendAt: new Date('2026-11-16T15:00:00Z'),
    });
    const forAuthor = await events(w, w.actors.manager.token, `${NOVEMBER}&kinds[]=comment`);
    expect(forAuthor.json().data).toEqual([
      expect.objectContaining({
        kind: 'comment',
        title: 'Reminder to the client about the launch',
        start: '2026-11-16T15:00:00.000Z',
        all_day: false,
        open: { type: 'task', uuid: w.span.uuid },
      }),
    ]);
    expect((await events(w, w.actors.admin.token, `${NOVEMBER}&kinds[]=comment`)).json().data).toEqual([]);
  });

  it('moves a task through the drawer’s own update: a refused date keeps the event where it was', async () => {
    const refused = await w.app.inject({
      method: 'PUT',
      url: `/api/tasks/${w.span.uuid}`,
      headers: bearer(w.actors.freelancer.token),
      payload: { end_date: '2026-11-05' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MESSAGES.dueBeforeStart);
    const before = (await events(w, w.actors.freelancer.token, NOVEMBER)).json().data;
    expect(before.find((e: { id: string }) => e.id === `task:${w.span.uuid}`)).toMatchObject({
      start: '2026-11-10',
      end: '2026-11-13',
    });

    const moved = await w.app.inject({
      method: 'PUT',
      url: `/api/tasks/${w.span.uuid}`,
      headers: bearer(w.actors.freelancer.token),
      payload: { start_date: '2026-11-11', end_date: '2026-11-13' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await events(w, w.actors.freelancer.token, NOVEMBER)).json().data;
    expect(after.find((e: { id: string }) => e.id === `task:${w.span.uuid}`)).toMatchObject({
      start: '2026-11-11',
      end: '2026-11-14',
    });
  });
});

describe('calendar events cap', () => {
  let w: World;
  beforeAll(async () => {
    w = await setUp();
  });
  afterAll(async () => w.close());

  it('answers 422 asking for a narrower range beyond 2,000 events, and the events when narrowed', async () => {
    await w.db.execute(
      sql`insert into tasks (title, project_id, end_date)
          select 'Bulk ' || n, ${w.mine.id}, date '2026-11-01' + (n % 28) from generate_series(1, 2000) n`,
    );
    const wide = await events(w, w.actors.admin.token, NOVEMBER);
    expect(wide.statusCode).toBe(422);
    expect(wide.json().message).toBe(MESSAGES.calendarTooManyEvents);
    const narrowed = await events(w, w.actors.admin.token, 'start=2026-11-01&end=2026-11-08');
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().data.length).toBeLessThanOrEqual(2000);
    const [stored] = await w.db.execute<{ n: number }>(sql`select count(*)::int as n from tasks`).then((r) => r.rows);
    expect(stored?.n).toBeGreaterThan(2000);
  });
});
