import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { calendarFeedTokens, requests, requestUsers } from '../../db/schema';
import { addDays, todayIn } from '../tasks/calendar';
import { buildTask } from '../tasks/test-helpers';

/** The feed's path from the url the API answers (the test app's APP_URL is http://portal.test). */
const pathOf = (url: string) => new URL(url).pathname;

/** Parses the served file with ical.js, as a subscribing calendar would. */
function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString(), end: event.endDate.toString() };
  });
}

describe('calendar feed', () => {
  let t: Awaited<ReturnType<typeof getTestApp>>;
  let actors: Awaited<ReturnType<typeof buildActors>>;
  const soon = addDays(todayIn('UTC'), 5);
  const later = addDays(todayIn('UTC'), 9);
  let ownTask: { uuid: string };
  let otherTask: { uuid: string };
  let ownRequest: { uuid: string };

  beforeAll(async () => {
    t = await getTestApp();
    actors = await buildActors(t.db);
    const plan = await buildPlan(t.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
    ownTask = await buildTask(
      t.db,
      { projectId: plan.id, title: 'Homepage copy', startDate: soon, endDate: later },
      { responsibles: [actors.freelancer.id] },
    );
    otherTask = await buildTask(t.db, { projectId: plan.id, title: 'Not theirs', endDate: soon });
    const [request] = await t.db
      .insert(requests)
      .values({ subject: 'Spring campaign', projectId: plan.id, status: 'new', targetDate: later })
      .returning();
    ownRequest = request as { uuid: string };
    await t.db
      .insert(requestUsers)
      .values({ requestId: request?.id ?? 0, userId: actors.freelancer.id, pivot: 'follower' });
  });
  afterAll(async () => t.close());

  const feedOf = (token: string) => t.app.inject({ url: '/api/calendar/feed', headers: bearer(token) });

  it("serves the owner's tasks and requests as an iCalendar file with stable UIDs", async () => {
    const first = await feedOf(actors.freelancer.token);
    expect(first.statusCode, first.body).toBe(200);
    const { url } = first.json().data;
    expect(url).toMatch(/^http:\/\/portal\.test\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The same address on every call until rotated.
    expect((await feedOf(actors.freelancer.token)).json().data.url).toBe(url);

    const served = await t.app.inject({ url: pathOf(url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('text/calendar');
    const events = parse(served.body);
    expect(events).toHaveLength(2);
    const task = events.find((e) => e.uid === `task-${ownTask.uuid}@portal.test`);
    // All-day events: DTEND is the day after the due date (exclusive).
    expect(task).toMatchObject({ summary: 'Homepage copy', start: soon, end: addDays(later, 1) });
    expect(events.find((e) => e.uid === `request-${ownRequest.uuid}@portal.test`)).toMatchObject({
      summary: 'Delivery: Spring campaign',
      start: later,
    });
    expect(served.body).not.toContain(otherTask.uuid);

    // Served again after a date change: the same UID with the new date, so subscribers move the event.
    await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${ownTask.uuid}`,
      headers: bearer(actors.freelancer.token),
      payload: { end_date: addDays(later, 2) },
    });
    const again = parse((await t.app.inject({ url: pathOf(url) })).body);
    expect(again.filter((e) => e.uid === `task-${ownTask.uuid}@portal.test`)).toEqual([
      expect.objectContaining({ end: addDays(later, 3) }),
    ]);
  });

  it('holds tasks with only a start date, in date order, and leaves out those due more than 90 days ago', async () => {
    const plan = await buildPlan(t.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
    const startOnly = await buildTask(
      t.db,
      { projectId: plan.id, title: 'Start-only shoot', startDate: addDays(todayIn('UTC'), 7) },
      { responsibles: [actors.freelancer.id] },
    );
    const old = await buildTask(
      t.db,
      { projectId: plan.id, title: 'Long done', endDate: addDays(todayIn('UTC'), -120) },
      { responsibles: [actors.freelancer.id] },
    );
    const { url } = (await feedOf(actors.freelancer.token)).json().data;
    const events = parse((await t.app.inject({ url: pathOf(url) })).body);
    expect(events.find((e) => e.uid === `task-${startOnly.uuid}@portal.test`)).toMatchObject({
      start: addDays(todayIn('UTC'), 7),
      end: addDays(todayIn('UTC'), 8),
    });
    expect(events.some((e) => e.uid === `task-${old.uuid}@portal.test`)).toBe(false);
    // One list by due date, or start date when there is none, whichever of the two walks found each task: the
    // start-only task (day 7) before the moved task (due day 11).
    const taskUids = events.filter((e) => e.uid.startsWith('task-')).map((e) => e.uid);
    expect(taskUids).toEqual([`task-${startOnly.uuid}@portal.test`, `task-${ownTask.uuid}@portal.test`]);
  });

  it('keeps only the hash and a sealed copy of the token at rest', async () => {
    const { url } = (await feedOf(actors.manager.token)).json().data;
    const token = pathOf(url).split('/').pop()?.replace('.ics', '') ?? '';
    const rows = await t.db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, actors.manager.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenSealed).not.toContain(token);
  });

  it('rotating revokes the old address (404) and serves the new one', async () => {
    const old = (await feedOf(actors.admin.token)).json().data.url;
    expect((await t.app.inject({ url: pathOf(old) })).statusCode).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/calendar/feed/rotate',
      headers: bearer(actors.admin.token),
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.url;
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ url: pathOf(old) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: pathOf(fresh) })).statusCode).toBe(200);
    expect((await feedOf(actors.admin.token)).json().data.url).toBe(fresh);
  });

  it('answers 404 for an unknown token and refuses a client contact a feed', async () => {
    expect((await t.app.inject({ url: `/api/public/calendar/${'x'.repeat(43)}.ics` })).statusCode).toBe(404);
    expect((await feedOf(actors.contact.token)).statusCode).toBe(403);
  });
});
