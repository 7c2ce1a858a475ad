import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { contacts, mailOutbox, notifications } from '../../db/schema';
import { TASK_NOTIFICATION_TITLES } from '../tasks/task-notifications';
import { setUpTaskTests, type TaskTestContext, taskRequests } from '../tasks/test-helpers';
import { notifyUsers } from './notify';
import { notificationData } from './test-helpers';

/** Producers (task create/update) and the notify service: who is told, by which channel, and the numbering. */

let ctx: Omit<TaskTestContext, 'close'>;
let close: () => Promise<void>;

beforeAll(async () => {
  const { close: c, ...rest } = await setUpTaskTests();
  ctx = rest;
  close = c;
});
afterAll(() => close());

const { createOk, update } = taskRequests(() => ctx);

async function notificationsOf(userId: number, resourceId?: string) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.number);
  return resourceId ? rows.filter((r) => r.data.resource_id === resourceId) : rows;
}

async function setEmail(userId: number, value: '1' | '0') {
  await ctx.db
    .update(contacts)
    .set({
      preferences: {
        email_notifications: value,
        sms_notifications: value === '1' ? null : '1',
        push_notifications: '1',
      },
    })
    .where(eq(contacts.userId, userId));
}

const outboxFor = async (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('task notifications', () => {
  it('tells the people added to a new task, and never the one who created it', async () => {
    const { admin, manager, freelancer } = ctx.actors;
    const task = await createOk({
      title: 'Launch the campaign',
      responsibles: [manager.uuid, admin.uuid],
      followers: [freelancer.uuid],
    });
    const [assigned] = await notificationsOf(manager.id, task.uuid);
    expect(assigned).toMatchObject({
      type: 'task_assigned',
      readAt: null,
      data: {
        title: TASK_NOTIFICATION_TITLES.assigned,
        sub_title: 'Launch the campaign',
        content: null,
        action_url: `/tasks?task_uuid=${task.uuid}`,
        resource_id: task.uuid,
        has_mention: false,
      },
    });
    const [followed] = await notificationsOf(freelancer.id, task.uuid);
    expect(followed).toMatchObject({ type: 'task_followed', data: { title: TASK_NOTIFICATION_TITLES.followed } });
    expect(await notificationsOf(admin.id, task.uuid)).toEqual([]);
  });

  it('tells people added later and everyone on the task about a status change, except the actor', async () => {
    const { admin, manager, freelancer } = ctx.actors;
    const task = await createOk({ title: 'Write the brief', responsibles: [manager.uuid] });
    const added = await update(task.uuid, { followers: [freelancer.uuid, admin.uuid] });
    expect(added.statusCode, added.body).toBe(200);
    expect((await notificationsOf(freelancer.id, task.uuid)).map((n) => n.type)).toEqual(['task_followed']);

    const changed = await update(task.uuid, { status: 'in_progress' });
    expect(changed.statusCode, changed.body).toBe(200);
    const last = (await notificationsOf(manager.id, task.uuid)).at(-1);
    expect(last).toMatchObject({
      type: 'task_status_changed',
      data: {
        title: TASK_NOTIFICATION_TITLES.statusChanged,
        sub_title: 'Write the brief',
        content: 'Todo → In progress',
      },
    });
    expect((await notificationsOf(freelancer.id, task.uuid)).map((n) => n.type)).toEqual([
      'task_followed',
      'task_status_changed',
    ]);
    expect(await notificationsOf(admin.id, task.uuid)).toEqual([]);

    // The responsible changing the status is not told about their own change.
    const own = await update(task.uuid, { status: 'completed' }, bearer(manager.token));
    expect(own.statusCode, own.body).toBe(200);
    expect((await notificationsOf(manager.id, task.uuid)).map((n) => n.type)).toEqual([
      'task_assigned',
      'task_status_changed',
    ]);
    expect(await notificationsOf(admin.id, task.uuid)).toHaveLength(1);
  });

  it('sends an e-mail only to people whose email_notifications is 1', async () => {
    const { manager, freelancer } = ctx.actors;
    await setEmail(manager.id, '1');
    await setEmail(freelancer.id, '0');
    const before = {
      manager: (await outboxFor(manager.email)).length,
      freelancer: (await outboxFor(freelancer.email)).length,
    };
    await createOk({ title: 'Mail me', responsibles: [manager.uuid], followers: [freelancer.uuid] });
    const mails = await outboxFor(manager.email);
    expect(mails).toHaveLength(before.manager + 1);
    expect(mails.at(-1)).toMatchObject({ subject: `${TASK_NOTIFICATION_TITLES.assigned}: Mail me` });
    expect(mails.at(-1)?.textBody).toContain('http://portal.test/tasks?task_uuid=');
    expect(await outboxFor(freelancer.email)).toHaveLength(before.freelancer);
  });

  it('sends nothing when the write fails validation', async () => {
    const { manager } = ctx.actors;
    const count = (await notificationsOf(manager.id)).length;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(ctx.actors.admin.token),
      payload: {
        title: 'Bad dates',
        project_id: ctx.plan.uuid,
        responsibles: [manager.uuid],
        start_date: '2026-05-02',
        end_date: '2026-05-01',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(await notificationsOf(manager.id)).toHaveLength(count);
  });
});

describe('notifyUsers', () => {
  it('numbers a person’s notifications 1..n even when 20 are written at once', async () => {
    const person = await buildUser(ctx.db, { type: 'freelancer' });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.db.transaction((tx) =>
          notifyUsers(tx, [person.id], { type: 'task_assigned', data: notificationData(`Parallel ${i}`) }, null),
        ),
      ),
    );
    const numbers = (await notificationsOf(person.id)).map((n) => n.number);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('never notifies the actor, nor client contacts', async () => {
    const { admin, contact } = ctx.actors;
    const outgoing = await ctx.db.transaction((tx) =>
      notifyUsers(tx, [admin.id, contact.id], { type: 'task_assigned', data: notificationData('Nobody') }, admin.id),
    );
    expect(outgoing).toEqual({ emails: [], pushes: [] });
    expect((await notificationsOf(contact.id)).length).toBe(0);
  });
});
