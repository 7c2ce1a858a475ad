import { MESSAGES, type TaskStatus } from '@portal/domain';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan } from '../../../test/factories';
import { activityLogs, mailOutbox, notifications, projects, tasks } from '../../db/schema';
import { DIGEST_LISTED } from '../notifications/bulk-digest';
import { buildTask, setUpTaskTests, type TaskTestContext } from '../tasks/test-helpers';

/**
 * The bulk status change runs set-wise (changeTaskStatuses), PUT tasks/{uuid} row by row (updateTask). These tests
 * build the same world twice, change one copy through PUT, one row at a time in the bulk call's order, and the other
 * through one bulk call, and expect the same outcome row by row: accepted or refused with the same message, the
 * same stored status, history and bell notifications.
 */

let ctx: TaskTestContext;
beforeAll(async () => {
  ctx = await setUpTaskTests();
});
afterAll(() => ctx.close());

/** Every case the status rules tell apart, in a fresh plan; uuids in the order a bulk selection lists them. */
async function buildWorld() {
  const { manager, freelancer, contact, admin } = ctx.actors;
  const plan = await buildPlan(ctx.db, { projectManagerId: manager.id, members: [freelancer.id] });
  // The manager's personal plan: staff other than its owner never see it.
  const [hiddenPlan = await buildPlan(ctx.db, { kind: 'personal', projectManagerId: manager.id })] = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.kind, 'personal'), eq(projects.projectManagerId, manager.id)));
  const people = { responsibles: [manager.id], followers: [freelancer.id, admin.id] };
  const plain = await buildTask(ctx.db, { projectId: plan.id, title: 'Plain' }, people);
  const seed = await buildTask(ctx.db, { projectId: plan.id, title: 'Master', status: 'seed' }, people);
  const forContact = await buildTask(
    ctx.db,
    { projectId: plan.id, title: 'Client task' },
    { responsibles: [contact.id] },
  );
  const blocked = await buildTask(ctx.db, { projectId: plan.id, title: 'Parent, child left open' }, people);
  await buildTask(ctx.db, { projectId: plan.id, title: 'Open child', parentId: blocked.id });
  const parent = await buildTask(ctx.db, { projectId: plan.id, title: 'Parent, child selected' }, people);
  const child = await buildTask(ctx.db, { projectId: plan.id, title: 'Selected child', parentId: parent.id }, people);
  const done = await buildTask(ctx.db, { projectId: plan.id, title: 'Already there', status: 'in_progress' }, people);
  const hidden = await buildTask(ctx.db, { projectId: hiddenPlan.id, title: 'Someone else’s personal task' });
  const rows = [plain, seed, forContact, blocked, child, parent, done, hidden];
  return { ids: rows.map((r) => r.id), uuids: rows.map((r) => r.uuid) };
}

/** What a row ended as: its status, its history entries' changes and who was told what. */
async function outcome(ids: number[], since: { log: number; note: number }) {
  const stored = await ctx.db
    .select({ id: tasks.id, status: tasks.status, uuid: tasks.uuid })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  const byId = new Map(stored.map((r) => [r.id, r]));
  const logs = await ctx.db
    .select({ subjectId: activityLogs.subjectId, changes: activityLogs.changes, authorId: activityLogs.authorId })
    .from(activityLogs)
    .where(
      and(eq(activityLogs.subjectType, 'task'), inArray(activityLogs.subjectId, ids), gt(activityLogs.id, since.log)),
    );
  const told = await ctx.db
    .select({ userId: notifications.userId, type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(gt(notifications.id, since.note));
  return ids.map((id) => {
    const row = byId.get(id);
    return {
      status: row?.status,
      history: logs.filter((l) => l.subjectId === id).map((l) => ({ changes: l.changes, authorId: l.authorId })),
      told: told
        .filter((n) => n.data.resource_id === row?.uuid)
        .map((n) => `${n.userId}:${n.type}:${n.data.content}`)
        .sort(),
    };
  });
}

async function marks() {
  const [log] = await ctx.db.select({ id: activityLogs.id }).from(activityLogs).orderBy(desc(activityLogs.id)).limit(1);
  const [note] = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  return { log: log?.id ?? 0, note: note?.id ?? 0 };
}

describe.each<TaskStatus>(['completed', 'in_progress'])('bulk status change to %s', (status) => {
  it('answers, stores, logs and notifies exactly as PUT tasks/{uuid} does, row by row', async () => {
    const one = await buildWorld();
    const sinceOne = await marks();
    const single: (string | null)[] = [];
    for (const uuid of one.uuids) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/tasks/${uuid}`,
        headers: bearer(ctx.actors.admin.token),
        payload: { status },
      });
      const body = res.json();
      single.push(res.statusCode === 200 ? null : (body.errors?.status?.[0] ?? body.message));
    }
    const singleOutcome = await outcome(one.ids, sinceOne);

    const many = await buildWorld();
    const sinceMany = await marks();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks/bulk-operations/update',
      headers: bearer(ctx.actors.admin.token),
      payload: { filters: { ids: many.uuids }, data: { status } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = new Map<string, string>(
      res.json().failed.map((f: { uuid: string; message: string }) => [f.uuid, f.message]),
    );
    const bulk = many.uuids.map((uuid) => failed.get(uuid) ?? null);
    const bulkOutcome = await outcome(many.ids, sinceMany);

    expect(bulk).toEqual(single);
    expect(bulkOutcome).toEqual(singleOutcome);
    // The cases really differ (the world is not trivially all-accepted or all-refused).
    expect(single).toContain(MESSAGES.seedStatusFixed);
    expect(single).toContain(MESSAGES.resourceNotFound);
    expect(single.filter((m) => m === null).length).toBeGreaterThanOrEqual(3);
    if (status === 'completed') {
      expect(single).toContain(MESSAGES.existingSubtasks);
    } else {
      expect(single).toContain(MESSAGES.contactResponsibleStatus);
    }
  });
});

describe('what a bulk status change sends', () => {
  it('rings the bell once per task but sends each person one digest e-mail instead of one per task', async () => {
    const { manager, freelancer } = ctx.actors;
    const plan = await buildPlan(ctx.db, { projectManagerId: manager.id });
    const many = [];
    for (let i = 0; i < DIGEST_LISTED + 2; i += 1) {
      many.push(await buildTask(ctx.db, { projectId: plan.id, title: `Digest ${i}` }, { followers: [freelancer.id] }));
    }
    const alone = await buildTask(ctx.db, { projectId: plan.id, title: 'Told alone' }, { followers: [manager.id] });
    const since = await marks();
    const [mail] = await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks/bulk-operations/update',
      headers: bearer(ctx.actors.admin.token),
      payload: { filters: { ids: [...many, alone].map((t) => t.uuid) }, data: { status: 'pending' } },
    });
    expect(res.json()).toMatchObject({ updated: many.length + 1, failed: [] });

    const bell = await ctx.db
      .select({ userId: notifications.userId, count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(gt(notifications.id, since.note))
      .groupBy(notifications.userId);
    expect(new Map(bell.map((b) => [b.userId, b.count]))).toEqual(
      new Map([
        [freelancer.id, many.length],
        [manager.id, 1],
      ]),
    );
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(gt(mailOutbox.id, mail?.id ?? 0));
    const toFreelancer = mails.filter((m) => m.toAddress === freelancer.email);
    expect(toFreelancer).toHaveLength(1);
    expect(toFreelancer[0]?.subject).toBe(`${many.length} new notifications: The status of a task changed`);
    expect(toFreelancer[0]?.textBody).toContain('Digest 0: Todo → Pending');
    expect(toFreelancer[0]?.textBody).toContain('and 2 more');
    expect(toFreelancer[0]?.textBody).toContain('/tasks');
    // One task, one message: the ordinary e-mail, as PUT sends it.
    const toManager = mails.filter((m) => m.toAddress === manager.email);
    expect(toManager.map((m) => m.subject)).toEqual(['The status of a task changed: Told alone']);
  });
});
