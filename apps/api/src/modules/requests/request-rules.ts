import {
  type Answers,
  MESSAGES,
  parseDescription,
  pruneHiddenAnswers,
  type RequestForm,
  requestFormSchema,
  validateAnswers,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { projects, requestTypes, users } from '../../db/schema';
import { planRequesterCondition } from '../plans/plan-people';
import { addError, type FieldErrors } from '../tasks/task-rules';

export type RequestPlan = { id: number; uuid: string; title: string; customerId: number | null };

/** A plan by uuid and whether the request form may pick it (doc 2 §2: retainer and active plans only). */
export async function findRequestPlan(db: DbExecutor, uuid: string, errors: FieldErrors) {
  const [plan] = await db
    .select({
      id: projects.id,
      uuid: projects.uuid,
      title: projects.title,
      customerId: projects.customerId,
      isRetainer: projects.isRetainer,
      status: projects.status,
      kind: projects.kind,
    })
    .from(projects)
    .where(eq(projects.uuid, uuid))
    .limit(1);
  if (!plan || plan.kind === 'personal') {
    addError(errors, 'project_id', MESSAGES.unknownReference);
    return undefined;
  }
  if (!plan.isRetainer || plan.status !== 'active') {
    addError(errors, 'project_id', MESSAGES.requestPlanNotAllowed);
    return undefined;
  }
  return { id: plan.id, uuid: plan.uuid, title: plan.title, customerId: plan.customerId } satisfies RequestPlan;
}

export type Requester = { id: number; uuid: string };

/**
 * The requester by user uuid: an active user of the plan, i.e. a member (project users) or a contact of the plan's
 * client (planRequesterCondition, which GET projects/{uuid}/users?with_client_contacts=1 lists for the picker).
 */
export async function findRequester(db: DbExecutor, uuid: string, planId: number, errors: FieldErrors) {
  const [row] = await db
    .select({
      id: users.id,
      uuid: users.uuid,
      onPlan: sql<boolean>`${planRequesterCondition(planId)}`,
    })
    .from(users)
    .where(and(eq(users.uuid, uuid), eq(users.status, 'active')))
    .limit(1);
  if (!row) {
    addError(errors, 'requester_id', MESSAGES.unknownReference);
    return undefined;
  }
  if (!row.onPlan) {
    addError(errors, 'requester_id', MESSAGES.requesterNotOnPlan);
    return undefined;
  }
  return { id: row.id, uuid: row.uuid } satisfies Requester;
}

export type RequestTypeRow = typeof requestTypes.$inferSelect;

/** A catalogue entry by id; a disabled type cannot be chosen for a request. */
export async function findRequestType(db: DbExecutor, id: number, errors: FieldErrors) {
  const [row] = await db.select().from(requestTypes).where(eq(requestTypes.id, id)).limit(1);
  if (!row) {
    addError(errors, 'request_type_id', MESSAGES.unknownReference);
    return undefined;
  }
  if (row.disabled) {
    addError(errors, 'request_type_id', MESSAGES.requestTypeDisabled);
    return undefined;
  }
  return row;
}

/** The catalogue's form of a type (data in the table; an unreadable one counts as no form). */
export function typeForm(type: RequestTypeRow | null | undefined): RequestForm {
  if (!type) {
    return [];
  }
  const parsed = requestFormSchema.safeParse(type.form);
  return parsed.success ? parsed.data : [];
}

/**
 * The form a request's answers are checked against: the one stored with its description (what the client saw),
 * unless the type changes or nothing is stored yet; then the type's current form.
 */
export function formFor(description: string | null, type: RequestTypeRow | null | undefined, typeChanged: boolean) {
  if (typeChanged || description === null) {
    return typeForm(type);
  }
  return parseDescription(description).form;
}

/**
 * Answers checked against the form (submitting: submitRequired questions become mandatory), with the answers of
 * hidden follow-ups dropped. Errors land under `answers.<question>`.
 */
export function checkAnswers(
  form: RequestForm,
  answers: Answers,
  options: { submitting: boolean; today: string },
  errors: FieldErrors,
): Answers {
  // The engine also refuses upload answers that are not lists of upload uuids; whether they name files the caller
  // may attach is checked when they are attached, in the write's transaction (request-uploads.ts).
  const problems = validateAnswers(form, answers, options);
  for (const [name, message] of Object.entries(problems)) {
    addError(errors, `answers.${name}`, message);
  }
  return pruneHiddenAnswers(form, answers);
}
