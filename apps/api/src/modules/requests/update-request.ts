import { MESSAGES, parseDescription, type RequestStatus } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { requests } from '../../db/schema';
import type { DomainEvent, DomainEvents } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { listDiff, logActivity } from '../history/activity-log';
import { todayIn } from '../tasks/calendar';
import { addError, type FieldErrors, resolvePeople } from '../tasks/task-rules';
import type { FileStorage } from '../uploads/storage';
import { denyFreelancer, findVisibleRequest, type RequestRow, type Viewer } from './request-access';
import { CompletionChecksFailed, runCompletionChecks } from './request-completion';
import type { RequestChange } from './request-events';
import { estimateOf, personRef, rejectUploads, subjectOf } from './request-input';
import { currentRequestPeople, replaceRequestPeople } from './request-people';
import { touchRequestInteraction } from './request-temperature';
import {
  applyAnswers,
  applyPlanAndRequester,
  applyType,
  noteChange,
  type RequestUpdateInput,
  type UpdateContext,
} from './request-update-steps';
import { attachRequestUploads } from './request-uploads';

/** Plain columns PUT may change, by input name; each is written only when sent. */
const SIMPLE_FIELDS = {
  target_date: 'targetDate',
  kickoff_call: 'kickoffCall',
  skip_estimate_approval: 'skipEstimateApproval',
} as const;

/**
 * Freelancers read requests; status changes, answer edits (a type change is one, and the brief is the project_brief
 * answer) are staff work (doc 2 §6).
 */
export function guardFreelancer(viewer: Viewer, request: RequestRow, input: RequestUpdateInput) {
  const statusChange = input.status !== undefined && input.status !== request.status;
  const typeChange = input.request_type_id !== undefined && input.request_type_id !== request.requestTypeId;
  const briefChange = input.description_delta !== undefined;
  if (statusChange || input.answers !== undefined || briefChange || typeChange || input.force_complete) {
    denyFreelancer(viewer);
  }
}

/** Subject, the plain fields, the estimate, the brief's delta and the client's ref_token. */
export function applyFields(ctx: UpdateContext, typeName: string | undefined) {
  const { request, input, set } = ctx;
  if (input.subject !== undefined || ctx.leavingDraft) {
    const current = request.subject === 'Draft' ? '' : request.subject;
    const subject = subjectOf(input.subject ?? current, ctx.submitted, typeName);
    set.subject = subject;
    noteChange(ctx, 'subject', subject, request.subject);
  }
  for (const [field, column] of Object.entries(SIMPLE_FIELDS) as [keyof typeof SIMPLE_FIELDS, keyof RequestRow][]) {
    const value = input[field];
    if (value !== undefined) {
      (set as Record<string, unknown>)[column] = value;
      noteChange(ctx, field, value, request[column]);
    }
  }
  if (input.estimated_time_range || input.estimated_min !== undefined || input.estimated_max !== undefined) {
    const estimate = estimateOf(input, { min: request.estimatedMin, max: request.estimatedMax }, ctx.errors);
    set.estimatedMin = estimate.min;
    set.estimatedMax = estimate.max;
    noteChange(ctx, 'estimated_min', estimate.min, request.estimatedMin);
    noteChange(ctx, 'estimated_max', estimate.max, request.estimatedMax);
  }
  if (input.description_delta !== undefined) {
    set.descriptionDelta = input.description_delta ?? null;
    noteChange(ctx, 'description_delta', input.description_delta ?? null, request.descriptionDelta ?? null);
  }
  if (input.ref_token !== undefined) {
    set.refToken = input.ref_token;
  }
  rejectUploads(input, ctx.errors);
}

/** Status, submitted_at and completed_at; editing a completed request clears completed_at (doc 2 §4). */
export function applyStatus(ctx: UpdateContext, now: Date) {
  const { request, status, set } = ctx;
  if (status !== request.status) {
    set.status = status;
    noteChange(ctx, 'status', status, request.status);
    if (ctx.leavingDraft) {
      set.submittedAt = now;
    }
  }
  if (status === 'completed' && request.status !== 'completed') {
    set.completedAt = now;
  } else if (request.status === 'completed' && Object.keys(ctx.log).length) {
    set.completedAt = null;
  }
}

/** A submitted request never goes back to draft (doc 2 §4). */
export function checkBackToDraft(from: string, to: RequestStatus, errors: FieldErrors) {
  if (from !== 'draft' && to === 'draft') {
    addError(errors, 'status', MESSAGES.requestBackToDraft);
  }
}

/**
 * PUT requests/{uuid}: writes only the fields sent (autosave) under a row lock, so rules see the stored request.
 * Leaving draft is submitting (plan, requester and complete answers needed); completing runs the checklist unless
 * force_complete. Every change lands in history; a status change is an interaction (temperature). Answers the
 * request's id and what its event must tell (the status before, who became responsible).
 */
export async function updateRequest(
  db: Database,
  uuid: string,
  input: RequestUpdateInput,
  viewer: Viewer,
  timeZone: string,
  storage?: FileStorage,
  events?: Pick<DomainEvents, 'publish'>,
): Promise<{ id: number; change: RequestChange }> {
  const pending: DomainEvent[] = [];
  const result = await db.transaction(async (tx) => {
    const request = await findVisibleRequest(tx, uuid, viewer, { lock: true });
    guardFreelancer(viewer, request, input);
    const status: RequestStatus = input.status ?? (request.status as RequestStatus);
    const ctx: UpdateContext = {
      tx,
      request,
      input,
      set: {},
      log: {},
      errors: {},
      status,
      leavingDraft: request.status === 'draft' && status !== 'draft',
      submitted: status !== 'draft',
    };
    checkBackToDraft(request.status, status, ctx.errors);
    const { type, typeChanged } = await applyType(ctx);
    await applyPlanAndRequester(ctx);
    applyAnswers(ctx, type, typeChanged, todayIn(timeZone));
    applyFields(ctx, type?.name);
    const people = await resolvePeople(tx, input, ctx.errors);
    if (Object.keys(ctx.errors).length) {
      throw validationError(ctx.errors);
    }

    const change: RequestChange = {};
    if (people.responsibles || people.followers) {
      const current = await currentRequestPeople(tx, request.id);
      await replaceRequestPeople(tx, request.id, people, current);
      const after = await currentRequestPeople(tx, request.id);
      for (const pivot of ['responsibles', 'followers'] as const) {
        const diff = listDiff(current[pivot].map(personRef), after[pivot].map(personRef), (p) => p.uuid);
        if (diff) {
          ctx.log[pivot] = diff;
        }
      }
      const before = new Set(current.responsibles.map((p) => p.id));
      change.responsiblesAdded = after.responsibles.filter((p) => !before.has(p.id)).map((p) => p.uuid);
    }
    await attachRequestUploads(
      tx,
      storage,
      request.id,
      viewer.userId,
      {
        uploads: input.uploads,
        ...(input.answers !== undefined && ctx.set.description ? parseDescription(ctx.set.description) : {}),
      },
      (event) => pending.push(event),
    );
    const now = new Date();
    applyStatus(ctx, now);
    if (Object.keys(ctx.set).length) {
      await tx.update(requests).set(ctx.set).where(eq(requests.id, request.id));
    }
    if (status === 'completed' && request.status !== 'completed' && !input.force_complete) {
      // Checked after the writes (same transaction), so people set in this PUT count; a failure rolls them back.
      const checks = await runCompletionChecks(tx, {
        id: request.id,
        timeSpent: request.timeSpent,
        estimatedMax: ctx.set.estimatedMax ?? request.estimatedMax,
      });
      if (checks.some((c) => !c.passed)) {
        throw new CompletionChecksFailed(checks);
      }
    }
    if (status !== request.status) {
      await touchRequestInteraction(tx, request.id, now);
    }
    await logActivity(tx, 'request', request.id, viewer.userId, 'update', ctx.log);
    if (status !== request.status) {
      change.statusFrom = request.status;
    }
    return { id: request.id, change };
  });
  // After the commit: the files' 'attached' events (the request's own event is the caller's).
  events?.publish(pending);
  return result;
}
