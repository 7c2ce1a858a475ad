import { type BulkFailure, MESSAGES, type RequestBulkEdit, type RequestStatus } from '@portal/domain';
import { and, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { activityLogs, requests } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { AppError, notFound, validationError } from '../../http/errors';
import { listDiff } from '../history/activity-log';
import { findPeople } from '../tasks/task-people';
import { checkPeople, type Person } from '../tasks/task-rules';
import type { FileStorage } from '../uploads/storage';
import { type RequestRow, type Viewer, visibleRequests } from './request-access';
import { CompletionChecksFailed, completionChecksOf, loadCompletionFacts } from './request-completion';
import { describeRequests, type RequestChange, requestEvent } from './request-events';
import { personRef } from './request-input';
import { loadRequestPeople, peopleAfter, writeRequestPeople } from './request-people';
import { touchRequestInteractions } from './request-temperature';
import type { RequestUpdateInput, UpdateContext } from './request-update-steps';
import { applyFields, applyStatus, checkBackToDraft, guardFreelancer, updateRequest } from './update-request';

type People = { responsibles: Person[]; followers: Person[] };
type Accepted = { row: RequestRow; ctx: UpdateContext; before: People; after?: People; change: RequestChange };

/** A failed checklist reports which checks failed, as the dialog would list them. */
function checklistFailure(error: CompletionChecksFailed): AppError {
  const failed = error.checks.filter((c) => !c.passed).map((c) => c.label);
  return new AppError(422, `${MESSAGES.checklistTitle} ${failed.join('; ')}`.trim());
}

/** The message a refused row reports: the first field error (what the form would show), else the error's message. */
function messageOf(error: unknown): string {
  if (error instanceof CompletionChecksFailed) {
    return checklistFailure(error).message;
  }
  if (error instanceof AppError) {
    return Object.values(error.options.errors ?? {}).flat()[0] ?? error.message;
  }
  throw error;
}

const splitPeople = (rows: Awaited<ReturnType<typeof loadRequestPeople>>, id: number): People => {
  const list = rows.get(id) ?? [];
  const as = (pivot: string): Person[] =>
    list.filter((r) => r.pivot === pivot).map((r) => ({ id: r.userId, uuid: r.uuid, type: r.type, name: r.name }));
  return { responsibles: as('responsible'), followers: as('follower') };
};

/** The fields PUT requests/{uuid} would receive for a row: the edit's, with its own responsibles plus added minus removed. */
function putInput(edit: RequestBulkEdit, before: People): RequestUpdateInput {
  const { responsibles_add: add = [], responsibles_remove: remove = [], ...plain } = edit;
  const input: RequestUpdateInput = { ...plain } as RequestUpdateInput;
  if (add.length || remove.length) {
    const drop = new Set(remove);
    input.responsibles = [...new Set([...before.responsibles.map((p) => p.uuid), ...add])].filter((p) => !drop.has(p));
  }
  return input;
}

/**
 * PUT requests/{uuid} with the same fields (status, delivery date, responsibles added and removed) for many requests
 * at once, inside the caller's transaction. Each row is judged by the rule functions updateRequest asks
 * (guardFreelancer, checkBackToDraft, applyFields, checkPeople, peopleAfter, applyStatus, the completion checklist)
 * and gets the same columns, people, history entry, temperature and event, in a fixed handful of statements per
 * call. A draft the edit submits goes through updateRequest itself (submitting checks plan, requester, answers and
 * rewrites the subject): drafts are few. A refused row reports its single-row call's message and changes nothing.
 */
export async function editRequests(
  db: Database,
  uuids: readonly string[],
  edit: RequestBulkEdit,
  viewer: Viewer,
  timeZone: string,
  storage?: FileStorage,
): Promise<{ events: DomainEvent[]; failed: BulkFailure[] }> {
  const tx = db as unknown as Tx;
  const rows = await tx
    .select()
    .from(requests)
    .where(and(sql`${requests.uuid} = any(${sql.param([...uuids])}::uuid[])`, visibleRequests(viewer)))
    // Locked as PUT locks its row, so the rules below judge what is stored until this transaction ends.
    .for('update');
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const ids = rows.map((row) => row.id);
  const stored = await loadRequestPeople(tx, ids);
  const editsPeople = Boolean(edit.responsibles_add?.length || edit.responsibles_remove?.length);
  const found = editsPeople
    ? await findPeople(tx, [...(edit.responsibles_add ?? []), ...[...stored.values()].flat().map((p) => p.uuid)])
    : new Map();
  const facts = edit.status === 'completed' ? await loadCompletionFacts(tx, ids) : undefined;
  const now = new Date();

  const failed: BulkFailure[] = [];
  const accepted: Accepted[] = [];
  const submitting: { uuid: string; input: RequestUpdateInput }[] = [];
  for (const uuid of uuids) {
    const row = byUuid.get(uuid);
    if (!row) {
      failed.push({ uuid, message: notFound().message });
      continue;
    }
    const before = splitPeople(stored, row.id);
    const input = putInput(edit, before);
    const status: RequestStatus = input.status ?? (row.status as RequestStatus);
    if (row.status === 'draft' && status !== 'draft') {
      submitting.push({ uuid, input });
      continue;
    }
    try {
      accepted.push(judge(tx, row, input, status, before, found, viewer, facts, now));
    } catch (error) {
      failed.push({ uuid, message: messageOf(error) });
    }
  }

  const events: DomainEvent[] = [];
  for (const { uuid, input } of submitting) {
    try {
      const { id, change } = await updateRequest(db, uuid, input, viewer, timeZone, storage, {
        publish: (attached) => events.push(...attached),
      });
      const described = (await describeRequests(tx, [id])).get(id);
      events.push(...(described ? [requestEvent(described, 'updated', viewer.userId, null, change)] : []));
    } catch (error) {
      failed.push({ uuid, message: messageOf(error) });
    }
  }
  // Reported in the order asked, as one-by-one calls would report them.
  const order = new Map(uuids.map((uuid, i) => [uuid, i]));
  failed.sort((a, b) => (order.get(a.uuid) ?? 0) - (order.get(b.uuid) ?? 0));
  if (accepted.length === 0) {
    return { events, failed };
  }
  await writeAccepted(tx, accepted, viewer, now);
  const described = await describeRequests(
    tx,
    accepted.map((a) => a.row.id),
  );
  for (const { row, change } of accepted) {
    const current = described.get(row.id);
    if (current) {
      events.push(requestEvent(current, 'updated', viewer.userId, null, change));
    }
  }
  return { events, failed };
}

/** One row, as updateRequest judges it: throws what it would answer, or answers what it would write. */
function judge(
  tx: Tx,
  row: RequestRow,
  input: RequestUpdateInput,
  status: RequestStatus,
  before: People,
  found: Awaited<ReturnType<typeof findPeople>>,
  viewer: Viewer,
  facts: Awaited<ReturnType<typeof loadCompletionFacts>> | undefined,
  now: Date,
): Accepted {
  guardFreelancer(viewer, row, input);
  const ctx: UpdateContext = {
    tx,
    request: row,
    input,
    set: {},
    log: {},
    errors: {},
    status,
    leavingDraft: false,
    submitted: status !== 'draft',
  };
  checkBackToDraft(row.status, status, ctx.errors);
  // Without a type, plan, requester or answers sent and no draft submitted, PUT's type, plan and answer steps
  // change nothing; the subject is rewritten only on submitting.
  applyFields(ctx, undefined);
  const sent = checkPeople(found, { responsibles: input.responsibles }, ctx.errors);
  if (Object.keys(ctx.errors).length) {
    throw validationError(ctx.errors);
  }
  const after = sent.responsibles ? peopleAfter(sent, before) : undefined;
  if (after) {
    // Presence only: the entries are taken again from the stored lists once written (name order, as PUT reads them).
    for (const pivot of ['responsibles', 'followers'] as const) {
      const diff = listDiff(before[pivot].map(personRef), after[pivot].map(personRef), (p) => p.uuid);
      if (diff) {
        ctx.log[pivot] = diff;
      }
    }
  }
  applyStatus(ctx, now);
  if (status === 'completed' && row.status !== 'completed' && facts) {
    const checks = completionChecksOf(
      { id: row.id, timeSpent: row.timeSpent, estimatedMax: ctx.set.estimatedMax ?? row.estimatedMax },
      facts,
      after ? after.responsibles.length : undefined,
    );
    if (checks.some((c) => !c.passed)) {
      throw new CompletionChecksFailed(checks);
    }
  }
  const change: RequestChange = status !== row.status ? { statusFrom: row.status } : {};
  return { row, ctx, before, after, change };
}

/** The accepted rows' people, columns (one UPDATE per distinct column set), temperature and history. */
async function writeAccepted(tx: Tx, accepted: readonly Accepted[], viewer: Viewer, now: Date) {
  const edited = accepted.filter((a) => a.after);
  if (edited.length) {
    await writeRequestPeople(tx, new Map(edited.map((a) => [a.row.id, a.after as People])));
    const reread = await loadRequestPeople(
      tx,
      edited.map((a) => a.row.id),
    );
    for (const accept of edited) {
      const after = splitPeople(reread, accept.row.id);
      for (const pivot of ['responsibles', 'followers'] as const) {
        const diff = listDiff(accept.before[pivot].map(personRef), after[pivot].map(personRef), (p) => p.uuid);
        if (diff) {
          accept.ctx.log[pivot] = diff;
        }
      }
      const had = new Set(accept.before.responsibles.map((p) => p.id));
      accept.change.responsiblesAdded = after.responsibles.filter((p) => !had.has(p.id)).map((p) => p.uuid);
    }
  }
  const bySet = new Map<string, { set: UpdateContext['set']; ids: number[] }>();
  for (const { row, ctx } of accepted) {
    if (Object.keys(ctx.set).length === 0) {
      continue;
    }
    const key = JSON.stringify(Object.entries(ctx.set).sort(([a], [b]) => a.localeCompare(b)));
    const group = bySet.get(key) ?? { set: ctx.set, ids: [] };
    group.ids.push(row.id);
    bySet.set(key, group);
  }
  for (const { set, ids } of bySet.values()) {
    await tx
      .update(requests)
      .set(set)
      .where(sql`${requests.id} = any(${sql.param(ids)}::int[])`);
  }
  await touchRequestInteractions(
    tx,
    accepted.filter((a) => a.ctx.status !== a.row.status).map((a) => a.row.id),
    now,
  );
  // As logActivity: an update that changed nothing leaves no entry.
  const logged = accepted.filter((a) => Object.keys(a.ctx.log).length);
  if (logged.length) {
    await tx.insert(activityLogs).values(
      logged.map(({ row, ctx }) => ({
        subjectType: 'request' as const,
        subjectId: row.id,
        authorId: viewer.userId,
        action: 'update' as const,
        changes: ctx.log,
      })),
    );
  }
}
