import {
  type Answers,
  MESSAGES,
  parseDescription,
  type RequestStatus,
  type requestUpdateSchema,
  serializeDescription,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor, Tx } from '../../db/client';
import { projects, type requests, requestTypes } from '../../db/schema';
import type { FieldChanges } from '../history/activity-log';
import { addError, type FieldErrors, findPersonById } from '../tasks/task-rules';
import type { RequestRow } from './request-access';
import { personRef } from './request-input';
import {
  checkAnswers,
  findRequester,
  findRequestPlan,
  findRequestType,
  formFor,
  type RequestTypeRow,
} from './request-rules';

export type RequestUpdateInput = z.output<typeof requestUpdateSchema>;

/** One PUT in progress: the stored row, what was sent, the columns to write, the history and the field errors. */
export type UpdateContext = {
  tx: Tx;
  request: RequestRow;
  input: RequestUpdateInput;
  set: Partial<typeof requests.$inferInsert>;
  log: FieldChanges;
  errors: FieldErrors;
  status: RequestStatus;
  /** The request leaves draft in this PUT (submitting the brief). */
  leavingDraft: boolean;
  /** The request is (or becomes) submitted: plan, requester and complete answers are needed. */
  submitted: boolean;
};

export function noteChange(ctx: UpdateContext, field: string, added: unknown, removed: unknown) {
  if (JSON.stringify(added) !== JSON.stringify(removed)) {
    ctx.log[field] = { added, removed };
  }
}

async function typeRow(db: DbExecutor, id: number | null): Promise<RequestTypeRow | null> {
  if (id === null) {
    return null;
  }
  const [row] = await db.select().from(requestTypes).where(eq(requestTypes.id, id));
  return row ?? null;
}

/** The request type after this PUT; a change swaps the form the answers follow. */
export async function applyType(ctx: UpdateContext) {
  const { tx, request, input } = ctx;
  const current = await typeRow(tx, request.requestTypeId);
  const changed = input.request_type_id !== undefined && input.request_type_id !== request.requestTypeId;
  if (!changed) {
    return { type: current, typeChanged: false };
  }
  const next = input.request_type_id ? await findRequestType(tx, input.request_type_id, ctx.errors) : null;
  if (next === undefined) {
    return { type: current, typeChanged: false };
  }
  ctx.set.requestTypeId = next?.id ?? null;
  const ref = (t: RequestTypeRow | null) => (t ? { id: t.id, name: t.name } : null);
  noteChange(ctx, 'request_type', ref(next), ref(current));
  return { type: next, typeChanged: true };
}

async function planRef(db: DbExecutor, id: number | null) {
  if (id === null) {
    return null;
  }
  const [plan] = await db
    .select({ uuid: projects.uuid, title: projects.title })
    .from(projects)
    .where(eq(projects.id, id));
  return plan ?? null;
}

/**
 * Plan and requester after this PUT: only active retainer plans may be picked, and the requester must be a user of
 * the (new) plan, so a plan change checks the stored requester again. A submitted request keeps both.
 */
export async function applyPlanAndRequester(ctx: UpdateContext) {
  const { tx, request, input, errors, submitted, leavingDraft } = ctx;
  const currentPlan = await planRef(tx, request.projectId);
  let planId = request.projectId;
  if (input.project_id !== undefined && input.project_id !== (currentPlan?.uuid ?? null)) {
    const plan = input.project_id ? await findRequestPlan(tx, input.project_id, errors) : null;
    if (plan !== undefined) {
      planId = plan?.id ?? null;
      ctx.set.projectId = planId;
      noteChange(ctx, 'project', plan ? { uuid: plan.uuid, title: plan.title } : null, currentPlan);
    }
  }
  if (submitted && planId === null && (leavingDraft || input.project_id === null)) {
    addError(errors, 'project_id', MESSAGES.enterProject);
  }

  let requesterId = request.requesterId;
  const planChanged = planId !== request.projectId;
  const requesterUuid =
    input.requester_id !== undefined
      ? input.requester_id
      : planChanged && request.requesterId !== null
        ? (await findPersonById(tx, request.requesterId)).uuid
        : undefined;
  if (requesterUuid !== undefined) {
    if (requesterUuid === null) {
      requesterId = null;
    } else if (planId === null) {
      addError(errors, 'project_id', MESSAGES.enterProject);
    } else {
      requesterId = (await findRequester(tx, requesterUuid, planId, errors))?.id ?? requesterId;
    }
    if (requesterId !== request.requesterId) {
      ctx.set.requesterId = requesterId;
      const ref = async (id: number | null) => (id ? personRef(await findPersonById(tx, id)) : null);
      noteChange(ctx, 'requester', await ref(requesterId), await ref(request.requesterId));
    }
  }
  if (submitted && requesterId === null && (leavingDraft || input.requester_id === null)) {
    addError(errors, 'requester_id', MESSAGES.enterRequester);
  }
}

/**
 * Answers, checked when sent, when the type changes and when the brief is submitted, against the form stored with
 * the request (or the new type's). The description is rewritten with the pruned answers; history keeps only the
 * answers that changed.
 */
export function applyAnswers(ctx: UpdateContext, type: RequestTypeRow | null, typeChanged: boolean, today: string) {
  const { request, input } = ctx;
  if (input.answers === undefined && !typeChanged && !ctx.leavingDraft) {
    return;
  }
  const form = formFor(request.description, type, typeChanged);
  const stored: Answers =
    request.description !== null && !typeChanged ? parseDescription(request.description).answers : {};
  const answers = checkAnswers(form, input.answers ?? stored, { submitting: ctx.submitted, today }, ctx.errors);
  const description = form.length || request.description !== null ? serializeDescription(form, answers) : null;
  if (description === request.description) {
    return;
  }
  ctx.set.description = description;
  const changed = Object.keys({ ...stored, ...answers }).filter(
    (k) => JSON.stringify(stored[k] ?? null) !== JSON.stringify(answers[k] ?? null),
  );
  if (changed.length) {
    const pick = (source: Answers) => Object.fromEntries(changed.map((k) => [k, source[k] ?? null]));
    noteChange(ctx, 'answers', pick(answers), pick(stored));
  }
}
