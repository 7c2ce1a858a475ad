import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { mailOutbox, notifications, requests } from '../../db/schema';
import { addDays, todayIn } from '../tasks/calendar';
import { remindDueRequests } from './due-reminders';
import { requestNotificationsSettled } from './request-notifications';
import { type RequestTestContext, requestCalls, setUpRequestTests } from './request-test-helpers';

/** Request notifications: who is told of each event, by the bell and e-mail, and who never is. */

let ctx: Omit<RequestTestContext, 'close'>;
let close: () => Promise<void>;
/** A staff member whose role lacks REQUEST_READ: GET requests/{uuid} refuses them, so nothing tells them of one. */
let blind: Awaited<ReturnType<typeof buildUser>>;
/** A staff member who may read requests. */
let colleague: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  const { close: c, ...rest } = await setUpRequestTests();
  ctx = rest;
  close = c;
  blind = await buildUser(ctx.db, { type: 'regular_user', permissions: ['TASKS_READ'] });
  colleague = await buildUser(ctx.db, { type: 'regular_user', permissions: ['REQUEST_READ', 'REQUEST_UPDATE'] });
});
afterAll(() => close());

const { create, update, submitted, createOk } = requestCalls(() => ctx);

const settled = () => requestNotificationsSettled(ctx.app.ctx.events);

async function notificationsOf(userId: number, requestUuid: string) {
  await settled();
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.number);
  return rows.filter((r) => r.data.resource_id === requestUuid);
}
const typesOf = async (userId: number, requestUuid: string) =>
  (await notificationsOf(userId, requestUuid)).map((n) => n.type);

async function createSubmitted(payload: object = {}) {
  const data = await createOk(submitted(payload));
  await settled();
  return data as { uuid: string };
}

describe('request notifications', () => {
  it('tells the plan manager and the followers of a new request, linking to it, and never its creator', async () => {
    const { admin, manager } = ctx.actors;
    const request = await createSubmitted({ subject: 'Autumn newsletter', followers: [colleague.uuid] });
    const [toManager] = await notificationsOf(manager.id, request.uuid);
    expect(toManager).toMatchObject({
      type: 'request_created',
      readAt: null,
      data: {
        title: MESSAGES.requestCreatedTitle,
        sub_title: 'Autumn newsletter',
        content: ctx.plan.title,
        action_url: `/requests/${request.uuid}`,
        resource_id: request.uuid,
        has_mention: false,
      },
    });
    expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_created']);
    expect(await typesOf(admin.id, request.uuid)).toEqual([]);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, manager.email))
      .orderBy(mailOutbox.id);
    expect(mails.at(-1)).toMatchObject({ subject: `${MESSAGES.requestCreatedTitle}: Autumn newsletter` });
    expect(mails.at(-1)?.textBody).toContain(`http://portal.test/requests/${request.uuid}`);
  });

  it('tells nobody about a draft, and the manager once the draft is submitted', async () => {
    const { manager } = ctx.actors;
    const draft = await createOk({ subject: 'Draft brief', project_id: ctx.plan.uuid });
    await settled();
    expect(await typesOf(manager.id, draft.uuid)).toEqual([]);
    const res = await update(draft.uuid, submitted({ subject: 'Draft brief' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await typesOf(manager.id, draft.uuid)).toEqual(['request_created']);
  });

  it('tells people made responsible, once, and not people already responsible', async () => {
    const { freelancer } = ctx.actors;
    const request = await createSubmitted({ responsibles: [colleague.uuid] });
    expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_assigned']);
    const res = await update(request.uuid, { responsibles: [colleague.uuid, freelancer.uuid] });
    expect(res.statusCode, res.body).toBe(200);
    const [assigned] = await notificationsOf(freelancer.id, request.uuid);
    expect(assigned).toMatchObject({
      type: 'request_assigned',
      data: { title: MESSAGES.requestAssignedTitle, action_url: `/requests/${request.uuid}` },
    });
    expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_assigned']);
  });

  it('tells the responsible people and the creator about a status change, but not the actor nor followers', async () => {
    const { admin, manager, freelancer } = ctx.actors;
    // Created by the admin; the manager changes the status.
    const request = await createSubmitted({
      responsibles: [manager.uuid, colleague.uuid],
      followers: [freelancer.uuid],
    });
    const res = await update(request.uuid, { status: 'in_progress' }, bearer(manager.token));
    expect(res.statusCode, res.body).toBe(200);
    const [toCreator] = await notificationsOf(admin.id, request.uuid);
    expect(toCreator).toMatchObject({
      type: 'request_status_changed',
      data: {
        title: MESSAGES.requestStatusChangedTitle,
        content: 'In preparation → In progress',
        action_url: `/requests/${request.uuid}`,
      },
    });
    expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_assigned', 'request_status_changed']);
    // The plan manager, made responsible too, was told that once; their own change tells them nothing.
    expect(await typesOf(manager.id, request.uuid)).toEqual(['request_assigned']);
    // A follower learns the request arrived, not its status changes.
    expect(await typesOf(freelancer.id, request.uuid)).toEqual(['request_created']);
  });

  it('tells nobody who may not open the request, whatever their place on it', async () => {
    const request = await createSubmitted({ responsibles: [blind.uuid], followers: [colleague.uuid] });
    // Responsible without REQUEST_READ: neither the assignment nor the status change reaches them.
    const res = await update(request.uuid, { status: 'in_progress' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await typesOf(blind.id, request.uuid)).toEqual([]);
    expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_created']);
  });

  it('a bulk status change keeps one bell item per request but sends one digest e-mail per person', async () => {
    const made = [await createSubmitted({ responsibles: [colleague.uuid] })];
    made.push(await createSubmitted({ responsibles: [colleague.uuid] }));
    made.push(await createSubmitted({ responsibles: [colleague.uuid] }));
    const mailsBefore = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, colleague.email))
      .orderBy(mailOutbox.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/requests/bulk-operations/update',
      headers: bearer(ctx.actors.admin.token),
      payload: { filters: { ids: made.map((r) => r.uuid) }, data: { status: 'in_progress' } },
    });
    expect(res.json()).toMatchObject({ updated: 3, failed: [] });
    for (const request of made) {
      expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_assigned', 'request_status_changed']);
    }
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, colleague.email))
      .orderBy(mailOutbox.id);
    expect(mails).toHaveLength(mailsBefore.length + 1);
    expect(mails.at(-1)?.subject).toBe(`3 new notifications: ${MESSAGES.requestStatusChangedTitle}`);
  });

  it('a bulk responsible change tells each newly responsible person per request, and nobody who may not open it', async () => {
    const made = [await createSubmitted(), await createSubmitted(), await createSubmitted()];
    // Already responsible on the first: being added again by the bulk edit is no news.
    const first = await update(made[0]?.uuid ?? '', { responsibles: [colleague.uuid] });
    expect(first.statusCode, first.body).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/requests/bulk-operations/update',
      headers: bearer(ctx.actors.admin.token),
      payload: {
        filters: { ids: made.map((r) => r.uuid) },
        data: { responsibles_add: [colleague.uuid, blind.uuid] },
      },
    });
    expect(res.json()).toMatchObject({ updated: 3, failed: [] });
    expect(await typesOf(colleague.id, made[0]?.uuid ?? '')).toEqual(['request_assigned']);
    for (const request of made.slice(1)) {
      expect(await typesOf(colleague.id, request.uuid)).toEqual(['request_assigned']);
    }
    for (const request of made) {
      expect(await typesOf(blind.id, request.uuid)).toEqual([]);
      expect(await typesOf(ctx.actors.admin.id, request.uuid)).toEqual([]);
    }
  });

  it('notifies nothing for a write that fails', async () => {
    const { manager } = ctx.actors;
    const before = await ctx.db.select().from(notifications).where(eq(notifications.userId, manager.id));
    const res = await create(submitted({ requester_id: undefined }));
    expect(res.statusCode).toBe(422);
    await settled();
    const after = await ctx.db.select().from(notifications).where(eq(notifications.userId, manager.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('delivery date due tomorrow', () => {
  const timeZone = 'America/New_York';

  it('reminds the responsible people once per request and date, even when the job runs twice at once', async () => {
    const { manager, freelancer } = ctx.actors;
    const now = new Date();
    const tomorrow = addDays(todayIn(timeZone, now), 1);
    const request = await createSubmitted({ responsibles: [colleague.uuid, blind.uuid], followers: [freelancer.uuid] });
    const later = await createSubmitted({ responsibles: [colleague.uuid] });
    await ctx.db.update(requests).set({ targetDate: tomorrow }).where(eq(requests.uuid, request.uuid));
    await ctx.db
      .update(requests)
      .set({ targetDate: addDays(tomorrow, 1) })
      .where(eq(requests.uuid, later.uuid));

    const runs = await Promise.all([
      remindDueRequests(ctx.app.ctx, timeZone, now),
      remindDueRequests(ctx.app.ctx, timeZone, now),
    ]);
    const again = await remindDueRequests(ctx.app.ctx, timeZone, now);
    expect(runs.map((r) => r.reminded).sort()).toEqual([0, 1]);
    expect(again.reminded).toBe(0);

    const [reminder] = (await notificationsOf(colleague.id, request.uuid)).filter(
      (n) => n.type === 'request_due_tomorrow',
    );
    expect(reminder).toMatchObject({
      data: {
        title: MESSAGES.requestDueTomorrowTitle,
        content: `Delivery date ${tomorrow.slice(5, 7)}/${tomorrow.slice(8, 10)}/${tomorrow.slice(0, 4)}`,
        action_url: `/requests/${request.uuid}`,
      },
    });
    expect((await typesOf(colleague.id, request.uuid)).filter((t) => t === 'request_due_tomorrow')).toHaveLength(1);
    expect(await typesOf(colleague.id, later.uuid)).not.toContain('request_due_tomorrow');
    expect(await typesOf(blind.id, request.uuid)).toEqual([]);
    expect(await typesOf(freelancer.id, request.uuid)).not.toContain('request_due_tomorrow');
    expect(await typesOf(manager.id, request.uuid)).not.toContain('request_due_tomorrow');

    // A moved delivery date is a new reminder the day before it.
    const dayAfter = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect((await remindDueRequests(ctx.app.ctx, timeZone, dayAfter)).reminded).toBe(1);
    expect(await typesOf(colleague.id, later.uuid)).toContain('request_due_tomorrow');
  });

  it('does not remind about completed, cancelled or draft requests', async () => {
    const now = new Date();
    const tomorrow = addDays(todayIn(timeZone, now), 1);
    const done = await createSubmitted({ responsibles: [colleague.uuid] });
    await ctx.db
      .update(requests)
      .set({ targetDate: tomorrow, status: 'cancelled' })
      .where(eq(requests.uuid, done.uuid));
    await remindDueRequests(ctx.app.ctx, timeZone, now);
    expect(await typesOf(colleague.id, done.uuid)).not.toContain('request_due_tomorrow');
  });
});
