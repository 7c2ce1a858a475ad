import { MESSAGES, type TaskBulkEdit } from '@portal/domain';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan, buildUser } from '../../../test/factories';
import { activityLogs, notifications, projects, tags, tasks, taskTags, taskUsers, users } from '../../db/schema';
import { ensureTags } from '../tasks/task-tags';
import { buildTask, setUpTaskTests, type TaskTestContext } from '../tasks/test-helpers';

/**
 * Bulk edit (priority, dates, people added and removed, with or without a status) runs set-wise (editTasks), PUT
 * tasks/{uuid} row by row (updateTask). As tasks-bulk-parity.test.ts does for the status alone, these tests build
 * the same world twice, change one copy through PUT — each row with the lists PUT would receive: its own people plus
 * the added minus the removed — and the other through one bulk call, and expect the same answers, columns, people,
 * history and bell row by row.
 */

let ctx: TaskTestContext;
/** A follower whose account was since deactivated: PUT refuses a list naming them. */
let gone: { id: number };
/** A plan every world's tasks may move to. */
let elsewhere: { id: number; uuid: string };
beforeAll(async () => {
  ctx = await setUpTaskTests();
  gone = await buildUser(ctx.db, { status: 'inactive' });
  elsewhere = await buildPlan(ctx.db, { projectManagerId: ctx.actors.manager.id });
});
afterAll(() => ctx.close());

async function buildWorld() {
  const { manager, freelancer, contact, admin } = ctx.actors;
  const plan = await buildPlan(ctx.db, { projectManagerId: manager.id, members: [freelancer.id] });
  const [hiddenPlan = await buildPlan(ctx.db, { kind: 'personal', projectManagerId: manager.id })] = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.kind, 'personal'), eq(projects.projectManagerId, manager.id)));
  const [ownPlan = await buildPlan(ctx.db, { kind: 'personal', projectManagerId: admin.id })] = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.kind, 'personal'), eq(projects.projectManagerId, admin.id)));
  const people = { responsibles: [manager.id], followers: [freelancer.id, admin.id] };
  const parent = await buildTask(ctx.db, { projectId: plan.id, title: 'Parent' }, people);
  const child = await buildTask(ctx.db, { projectId: plan.id, title: 'Child', parentId: parent.id });
  const tagged = await buildTask(ctx.db, { projectId: plan.id, title: 'Tagged' }, people);
  const tagIds = await ensureTags(ctx.db, ['Old', 'Keep']);
  await ctx.db.insert(taskTags).values([...tagIds.values()].map((tagId) => ({ taskId: tagged.id, tagId })));
  const rows = [
    child,
    parent,
    tagged,
    await buildTask(ctx.db, { projectId: plan.id, title: 'Plain' }, people),
    await buildTask(ctx.db, { projectId: plan.id, title: 'Master', status: 'seed' }, people),
    await buildTask(ctx.db, { projectId: plan.id, title: 'Client task' }, { responsibles: [contact.id] }),
    await buildTask(ctx.db, { projectId: plan.id, title: 'Moving', status: 'in_progress' }, people),
    await buildTask(ctx.db, { projectId: plan.id, title: 'Starts late', startDate: '2026-03-01' }, people),
    await buildTask(
      ctx.db,
      { projectId: plan.id, title: 'Follower left' },
      { responsibles: [manager.id], followers: [gone.id] },
    ),
    await buildTask(ctx.db, { projectId: ownPlan.id, title: 'My personal task' }, { responsibles: [admin.id] }),
    await buildTask(ctx.db, { projectId: hiddenPlan.id, title: 'Someone else’s personal task' }),
  ];
  return { ids: rows.map((r) => r.id), uuids: rows.map((r) => r.uuid), plan: plan.uuid };
}

/** The PUT tasks/{uuid} body equivalent to `edit` for a task with these people. */
function putBody(edit: TaskBulkEdit, current: { responsibles: string[]; followers: string[]; tags: string[] }) {
  const { responsibles_add, responsibles_remove, followers_add, followers_remove, tags_add, tags_remove, ...plain } =
    edit;
  const list = (own: string[], add?: string[], remove?: string[], movedAway: string[] = []) => {
    const drop = new Set([...(remove ?? []), ...movedAway]);
    return [...new Set([...own, ...(add ?? [])])].filter((uuid) => !drop.has(uuid));
  };
  const editsResponsibles = Boolean(responsibles_add?.length || responsibles_remove?.length);
  const editsFollowers = Boolean(followers_add?.length || followers_remove?.length);
  const both = editsResponsibles && editsFollowers;
  const dropTags = new Set((tags_remove ?? []).map((t) => t.toLowerCase()));
  const ownTags = [...new Map([...current.tags, ...(tags_add ?? [])].map((t) => [t.toLowerCase(), t])).entries()];
  return {
    ...plain,
    ...(tags_add?.length || tags_remove?.length
      ? { tags: ownTags.filter(([key]) => !dropTags.has(key)).map(([, name]) => name) }
      : {}),
    ...(editsResponsibles
      ? { responsibles: list(current.responsibles, responsibles_add, responsibles_remove, both ? followers_add : []) }
      : {}),
    ...(editsFollowers
      ? { followers: list(current.followers, followers_add, followers_remove, both ? responsibles_add : []) }
      : {}),
  };
}

async function currentLists(taskId: number) {
  const rows = await ctx.db
    .select({ pivot: taskUsers.pivot, uuid: users.uuid })
    .from(taskUsers)
    .innerJoin(users, eq(users.id, taskUsers.userId))
    .where(eq(taskUsers.taskId, taskId));
  const of = (pivot: string) => rows.filter((r) => r.pivot === pivot).map((r) => r.uuid);
  const names = await ctx.db
    .select({ name: tags.name })
    .from(taskTags)
    .innerJoin(tags, eq(tags.id, taskTags.tagId))
    .where(eq(taskTags.taskId, taskId));
  return { responsibles: of('responsible'), followers: of('follower'), tags: names.map((t) => t.name) };
}

async function outcome(ids: number[], since: { log: number; note: number }, planUuid: string) {
  const stored = await ctx.db.select().from(tasks).where(inArray(tasks.id, ids));
  const byId = new Map(stored.map((r) => [r.id, r]));
  const pivots = await ctx.db.select().from(taskUsers).where(inArray(taskUsers.taskId, ids));
  const tagged = await ctx.db
    .select({ taskId: taskTags.taskId, name: tags.name })
    .from(taskTags)
    .innerJoin(tags, eq(tags.id, taskTags.tagId))
    .where(inArray(taskTags.taskId, ids));
  const logs = await ctx.db
    .select({ subjectId: activityLogs.subjectId, changes: activityLogs.changes })
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
      priority: row?.priority,
      // Each world has plans of its own; what counts is whether the task moved.
      moved: row?.projectId === elsewhere.id,
      tags: tagged
        .filter((t) => t.taskId === id)
        .map((t) => t.name)
        .sort(),
      dates: [row?.startDate, row?.endDate],
      people: pivots
        .filter((p) => p.taskId === id)
        .map((p) => `${p.pivot}:${p.userId}`)
        .sort(),
      // The world's own plan by a name, as each world has its own.
      history: logs
        .filter((l) => l.subjectId === id)
        .map((l) => JSON.parse(JSON.stringify(l.changes).replaceAll(planUuid, 'own plan'))),
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

const actors = () => ctx.actors;
const cases: [string, () => TaskBulkEdit, (string | null)[]][] = [
  [
    'assign two people and drop a follower',
    () => ({
      responsibles_add: [actors().freelancer.uuid, actors().contact.uuid],
      followers_remove: [actors().admin.uuid],
    }),
    [MESSAGES.unknownReference, MESSAGES.resourceNotFound],
  ],
  [
    'move to In progress and assign a client contact',
    () => ({ status: 'in_progress', responsibles_add: [actors().contact.uuid] }),
    [MESSAGES.contactResponsibleStatus, MESSAGES.seedStatusFixed, MESSAGES.resourceNotFound],
  ],
  ['set the due date and the priority', () => ({ end_date: '2026-02-01', priority: 2 }), [MESSAGES.dueBeforeStart]],
  [
    'follow and unassign at once',
    () => ({
      followers_add: [actors().manager.uuid],
      responsibles_remove: [actors().manager.uuid],
      start_date: '2026-01-05',
    }),
    [MESSAGES.resourceNotFound],
  ],
  [
    'move to another plan',
    () => ({ project_id: elsewhere.uuid }),
    [MESSAGES.subtaskProjectFixed, MESSAGES.personalProjectFixed, MESSAGES.resourceNotFound],
  ],
  [
    'tag and untag',
    () => ({ tags_add: ['Urgent', 'keep'], tags_remove: ['old', 'Urgent'] }),
    [MESSAGES.resourceNotFound],
  ],
  [
    'add a client contact as follower',
    () => ({ followers_add: [actors().contact.uuid] }),
    [MESSAGES.followersStaffOnly],
  ],
];

describe.each(cases)('bulk edit: %s', (_name, editOf, expectedRefusals) => {
  it('answers, stores, logs and notifies exactly as PUT tasks/{uuid} does, row by row', async () => {
    const edit = editOf();
    const one = await buildWorld();
    const sinceOne = await marks();
    const single: (string | null)[] = [];
    for (const [index, uuid] of one.uuids.entries()) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/tasks/${uuid}`,
        headers: bearer(ctx.actors.admin.token),
        payload: putBody(edit, await currentLists(one.ids[index] as number)),
      });
      const body = res.json();
      single.push(
        res.statusCode === 200 ? null : ((Object.values(body.errors ?? {}).flat()[0] as string) ?? body.message),
      );
    }
    const singleOutcome = await outcome(one.ids, sinceOne, one.plan);

    const many = await buildWorld();
    const sinceMany = await marks();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/tasks/bulk-operations/update',
      headers: bearer(ctx.actors.admin.token),
      payload: { filters: { ids: many.uuids }, data: edit },
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = new Map<string, string>(
      res.json().failed.map((f: { uuid: string; message: string }) => [f.uuid, f.message]),
    );
    const bulk = many.uuids.map((uuid) => failed.get(uuid) ?? null);

    expect(bulk).toEqual(single);
    expect(await outcome(many.ids, sinceMany, many.plan)).toEqual(singleOutcome);
    for (const message of expectedRefusals) {
      expect(single).toContain(message);
    }
  });
});

describe('bulk edit payload', () => {
  it('refuses an edit that changes nothing and a due date before the start date sent with it', async () => {
    const post = (data: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/tasks/bulk-operations/update',
        headers: bearer(ctx.actors.admin.token),
        payload: { filters: { ids: [ctx.plan.uuid] }, data },
      });
    expect((await post({})).statusCode).toBe(422);
    const dates = await post({ start_date: '2026-02-02', end_date: '2026-02-01' });
    expect(dates.statusCode).toBe(422);
    expect(dates.body).toContain(MESSAGES.dueBeforeStart);
  });
});
