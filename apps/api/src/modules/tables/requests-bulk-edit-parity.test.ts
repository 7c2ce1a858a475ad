import { MESSAGES, type RequestBulkEdit } from '@portal/domain';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { activityLogs, notifications, requests, requestUsers, users } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { requestNotificationsSettled } from '../requests/request-notifications';

/**
 * Requests bulk edit (status, delivery date, responsibles added and removed) runs set-wise (editRequests), PUT
 * requests/{uuid} row by row (updateRequest). As tasks-bulk-edit-parity.test.ts does for tasks, each case builds the
 * same world twice, changes one copy through PUT — each row with the responsibles PUT would receive: its own plus the
 * added minus the removed — and the other through one bulk call, and expects the same answers, columns, people,
 * history, temperature, events and notifications row by row.
 */

let world: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
/** A freelancer who may update requests: still refused status changes (doc 2 §6). */
let freelancer: Awaited<ReturnType<typeof buildUser>>;
/** A responsible whose account was since deactivated: PUT refuses a list naming them. */
let gone: { id: number; uuid: string };
const events: DomainEvent[] = [];

beforeAll(async () => {
  world = await getTestApp();
  actors = await buildActors(world.db);
  freelancer = await buildUser(world.db, { type: 'freelancer', permissions: ['REQUEST_READ', 'REQUEST_UPDATE'] });
  gone = await buildUser(world.db, { status: 'inactive' });
  world.app.ctx.events.subscribe((batch) => {
    events.push(...batch.filter((e) => e.model === 'request'));
  });
});
afterAll(() => world.close());

async function buildRequest(
  values: Partial<typeof requests.$inferInsert>,
  people: { r?: number[]; f?: number[] } = {},
) {
  const [row] = await world.db
    .insert(requests)
    .values({ subject: 'Bulk request', status: 'new', ...values })
    .returning();
  if (!row) {
    throw new Error('request not created');
  }
  const links = [
    ...(people.r ?? []).map((userId) => ({ requestId: row.id, userId, pivot: 'responsible' })),
    ...(people.f ?? []).map((userId) => ({ requestId: row.id, userId, pivot: 'follower' })),
  ];
  if (links.length) {
    await world.db.insert(requestUsers).values(links);
  }
  return row;
}

async function buildWorld() {
  const { manager, admin } = actors;
  const plan = await buildPlan(world.db, { projectManagerId: manager.id, members: [freelancer.id] });
  const hidden = await buildPlan(world.db, { projectManagerId: manager.id });
  const people = { r: [manager.id], f: [admin.id] };
  const rows = [
    await buildRequest({ projectId: plan.id, subject: 'Fresh' }, people),
    await buildRequest({ projectId: plan.id, subject: 'Moving', status: 'in_progress' }, { r: [manager.id] }),
    await buildRequest(
      { projectId: plan.id, subject: 'Done', status: 'completed', completedAt: new Date('2026-01-02T10:00:00Z') },
      people,
    ),
    await buildRequest({ projectId: plan.id, subject: 'Nobody responsible', targetDate: '2026-03-01' }),
    await buildRequest({ projectId: plan.id, subject: 'Left the agency' }, { r: [manager.id, gone.id] }),
    await buildRequest({ projectId: plan.id, subject: 'Draft', status: 'draft' }),
    await buildRequest({ projectId: hidden.id, subject: 'Elsewhere' }, people),
  ];
  return { ids: rows.map((r) => r.id), uuids: rows.map((r) => r.uuid) };
}

async function responsiblesOf(requestId: number) {
  const rows = await world.db
    .select({ uuid: users.uuid })
    .from(requestUsers)
    .innerJoin(users, eq(users.id, requestUsers.userId))
    .where(and(eq(requestUsers.requestId, requestId), eq(requestUsers.pivot, 'responsible')));
  return rows.map((r) => r.uuid);
}

/** The PUT requests/{uuid} body equivalent to `edit` for a request with these responsibles. */
function putBody(edit: RequestBulkEdit, responsibles: string[]) {
  const { responsibles_add: add, responsibles_remove: remove, ...plain } = edit;
  if (!add?.length && !remove?.length) {
    return plain;
  }
  const drop = new Set(remove ?? []);
  return { ...plain, responsibles: [...new Set([...responsibles, ...(add ?? [])])].filter((u) => !drop.has(u)) };
}

async function marks() {
  const [log] = await world.db
    .select({ id: activityLogs.id })
    .from(activityLogs)
    .orderBy(desc(activityLogs.id))
    .limit(1);
  const [note] = await world.db
    .select({ id: notifications.id })
    .from(notifications)
    .orderBy(desc(notifications.id))
    .limit(1);
  events.length = 0;
  return { log: log?.id ?? 0, note: note?.id ?? 0 };
}

async function outcome(ids: number[], since: { log: number; note: number }) {
  await requestNotificationsSettled(world.app.ctx.events);
  const stored = await world.db.select().from(requests).where(inArray(requests.id, ids));
  const byId = new Map(stored.map((r) => [r.id, r]));
  const pivots = await world.db.select().from(requestUsers).where(inArray(requestUsers.requestId, ids));
  const logs = await world.db
    .select({ subjectId: activityLogs.subjectId, changes: activityLogs.changes })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.subjectType, 'request'),
        inArray(activityLogs.subjectId, ids),
        gt(activityLogs.id, since.log),
      ),
    );
  const told = await world.db
    .select({ userId: notifications.userId, type: notifications.type, data: notifications.data })
    .from(notifications)
    .where(gt(notifications.id, since.note));
  return ids.map((id) => {
    const row = byId.get(id);
    return {
      status: row?.status,
      subject: row?.subject,
      targetDate: row?.targetDate,
      completed: row?.completedAt === null ? null : row?.completedAt.getTime() === Date.UTC(2026, 0, 2, 10),
      submitted: row?.submittedAt !== null,
      temperature: [row?.heat, row?.temperature, row?.ghosted, row?.lastInteractionAt !== null],
      people: pivots
        .filter((p) => p.requestId === id)
        .map((p) => `${p.pivot}:${p.userId}`)
        .sort(),
      history: logs.filter((l) => l.subjectId === id).map((l) => l.changes),
      events: events
        .filter((e) => e.id === row?.uuid)
        // Each world has plans of its own.
        .map((e) => ({ action: e.action, actorId: e.actorId, payload: { ...e.payload, project_uuid: 'own plan' } })),
      told: told
        .filter((n) => n.data.resource_id === row?.uuid)
        .map((n) => `${n.userId}:${n.type}:${n.data.title}:${n.data.content}`)
        .sort(),
    };
  });
}

const checklist = `${MESSAGES.checklistTitle}`;
/** Each case: the edit, who sends it, and answers some row must get (null: saved). */
const cases: [string, () => RequestBulkEdit, string, (string | null)[]][] = [
  [
    'move to In progress and set the delivery date',
    () => ({ status: 'in_progress', target_date: '2026-12-24' }),
    'admin',
    [null],
  ],
  [
    'make a colleague responsible and drop the manager',
    () => ({ responsibles_add: [actors.admin.uuid], responsibles_remove: [actors.manager.uuid] }),
    'admin',
    [null, MESSAGES.unknownReference],
  ],
  [
    'add an unknown and an inactive person',
    () => ({ responsibles_add: [gone.uuid] }),
    'admin',
    [MESSAGES.unknownReference],
  ],
  ['send everything back to draft', () => ({ status: 'draft' }), 'admin', [null, MESSAGES.requestBackToDraft]],
  [
    'complete, running the checklist (a draft is submitted as PUT submits it)',
    () => ({ status: 'completed' }),
    'admin',
    [null, MESSAGES.enterRequester],
  ],
  [
    'complete while making someone responsible',
    () => ({ status: 'completed', responsibles_add: [actors.manager.uuid] }),
    'admin',
    [null, MESSAGES.unknownReference, MESSAGES.enterRequester],
  ],
  [
    'a freelancer changes the status',
    () => ({ status: 'in_progress' }),
    'freelancer',
    [null, MESSAGES.forbidden, MESSAGES.resourceNotFound],
  ],
  [
    'a freelancer sets the delivery date and responsibles',
    () => ({ target_date: '2026-11-30', responsibles_add: [freelancer.uuid] }),
    'freelancer',
    [null, MESSAGES.unknownReference, MESSAGES.resourceNotFound],
  ],
];

describe.each(cases)('requests bulk edit: %s', (_name, editOf, who, expectedRefusals) => {
  it('answers, stores, logs, announces and notifies exactly as PUT requests/{uuid} does, row by row', async () => {
    const edit = editOf();
    const token = who === 'freelancer' ? freelancer.token : actors.admin.token;
    const one = await buildWorld();
    const sinceOne = await marks();
    const single: (string | null)[] = [];
    for (const [index, uuid] of one.uuids.entries()) {
      const res = await world.app.inject({
        method: 'PUT',
        url: `/api/requests/${uuid}`,
        headers: bearer(token),
        payload: putBody(edit, await responsiblesOf(one.ids[index] as number)),
      });
      const body = res.json();
      single.push(
        res.statusCode === 200
          ? null
          : body.checks
            ? `${checklist} ${body.checks
                .filter((c: { passed: boolean }) => !c.passed)
                .map((c: { label: string }) => c.label)
                .join('; ')}`.trim()
            : ((Object.values(body.errors ?? {}).flat()[0] as string) ?? body.message),
      );
    }
    const singleOutcome = await outcome(one.ids, sinceOne);

    const many = await buildWorld();
    const sinceMany = await marks();
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/requests/bulk-operations/update',
      headers: bearer(token),
      payload: { filters: { ids: many.uuids }, data: edit },
    });
    expect(res.statusCode, res.body).toBe(200);
    const failed = new Map<string, string>(
      res.json().failed.map((f: { uuid: string; message: string }) => [f.uuid, f.message]),
    );
    const bulk = many.uuids.map((uuid) => failed.get(uuid) ?? null);

    expect(bulk).toEqual(single);
    expect(await outcome(many.ids, sinceMany)).toEqual(singleOutcome);
    for (const message of expectedRefusals) {
      expect(single).toContain(message);
    }
  });
});

describe('requests bulk edit refusals', () => {
  it('reports the checklist a completion fails, as the dialog lists it', async () => {
    const many = await buildWorld();
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/requests/bulk-operations/update',
      headers: bearer(actors.admin.token),
      payload: { filters: { ids: many.uuids }, data: { status: 'completed' } },
    });
    const messages = res.json().failed.map((f: { message: string }) => f.message);
    expect(messages.some((m: string) => m.startsWith(checklist))).toBe(true);
  });
});
