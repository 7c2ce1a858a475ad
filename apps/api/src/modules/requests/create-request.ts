import { MESSAGES, type requestCreateSchema, serializeDescription } from '@portal/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { requests } from '../../db/schema';
import type { DomainEvent, DomainEvents } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { type FieldChanges, logActivity } from '../history/activity-log';
import { todayIn } from '../tasks/calendar';
import { addError, type FieldErrors, findPersonById, resolvePeople } from '../tasks/task-rules';
import type { FileStorage } from '../uploads/storage';
import { denyFreelancer, type Viewer } from './request-access';
import { checkRequestCreateGuards } from './request-create-guards';
import { estimateOf, personRef, rejectUploads, subjectOf } from './request-input';
import { replaceRequestPeople } from './request-people';
import { checkAnswers, findRequester, findRequestPlan, findRequestType, typeForm } from './request-rules';
import { touchRequestInteraction } from './request-temperature';
import { attachRequestUploads } from './request-uploads';

type RequestCreateInput = z.output<typeof requestCreateSchema>;

/**
 * POST requests: save a draft or submit the brief (status new). Submitting needs a plan and a requester and
 * answers complete for the type's form; every rule is checked first so the answer lists all field errors at once.
 * The description stores the form with its (pruned) answers. Answers the new request's id.
 */
export async function createRequest(
  db: Database,
  input: RequestCreateInput,
  viewer: Viewer,
  timeZone: string,
  storage?: FileStorage,
  events?: Pick<DomainEvents, 'publish'>,
) {
  denyFreelancer(viewer);
  const errors: FieldErrors = {};
  const status = input.status ?? 'draft';
  const submitting = status === 'new';

  const type = input.request_type_id ? await findRequestType(db, input.request_type_id, errors) : null;
  const plan = input.project_id ? await findRequestPlan(db, input.project_id, errors) : undefined;
  if (submitting && !input.project_id) {
    addError(errors, 'project_id', MESSAGES.enterProject);
  }
  const requester =
    input.requester_id && plan ? await findRequester(db, input.requester_id, plan.id, errors) : undefined;
  if (input.requester_id && !input.project_id) {
    addError(errors, 'project_id', MESSAGES.enterProject);
  }
  if (submitting && !input.requester_id) {
    addError(errors, 'requester_id', MESSAGES.enterRequester);
  }
  const people = await resolvePeople(db, input, errors);
  const form = typeForm(type);
  const answers = checkAnswers(form, input.answers ?? {}, { submitting, today: todayIn(timeZone) }, errors);
  const estimate = estimateOf(input, { min: 0, max: 0 }, errors);
  rejectUploads(input, errors);
  if (Object.keys(errors).length) {
    throw validationError(errors);
  }
  if (plan) {
    // Other modules' rules on a new request (billing: a client overdue beyond the agency's limit is refused).
    await checkRequestCreateGuards(db, { projectId: plan.id, customerId: plan.customerId, actorId: viewer.userId });
  }

  const subject = subjectOf(input.subject, submitting, type?.name);
  const requesterPerson = requester ? await findPersonById(db, requester.id) : undefined;
  const now = new Date();
  const pending: DomainEvent[] = [];
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(requests)
      .values({
        subject,
        status,
        requestTypeId: type?.id ?? null,
        projectId: plan?.id ?? null,
        requesterId: requester?.id ?? null,
        creatorId: viewer.userId,
        description: type ? serializeDescription(form, answers) : null,
        descriptionDelta: input.description_delta ?? null,
        targetDate: input.target_date ?? null,
        kickoffCall: input.kickoff_call ?? false,
        skipEstimateApproval: input.skip_estimate_approval ?? false,
        estimatedMin: estimate.min,
        estimatedMax: estimate.max,
        submittedAt: submitting ? now : null,
      })
      .returning({ id: requests.id });
    if (!row) {
      throw new Error('request not created');
    }
    const responsibles = people.responsibles ?? [];
    const followers = people.followers ?? [];
    await replaceRequestPeople(tx, row.id, { responsibles, followers }, { responsibles: [], followers: [] });
    const changes: FieldChanges = {
      subject: { added: subject, removed: null },
      status: { added: status, removed: null },
    };
    const record = (field: string, added: unknown) => {
      if (added !== null && added !== undefined && !(Array.isArray(added) && added.length === 0)) {
        changes[field] = { added, removed: null };
      }
    };
    record('request_type', type ? { id: type.id, name: type.name } : null);
    record('project', plan ? { uuid: plan.uuid, title: plan.title } : null);
    record('requester', requesterPerson ? personRef(requesterPerson) : null);
    record('responsibles', responsibles.map(personRef));
    record('followers', followers.filter((f) => !responsibles.some((r) => r.id === f.id)).map(personRef));
    record('target_date', input.target_date);
    if (estimate.min || estimate.max) {
      record('estimated_min', estimate.min);
      record('estimated_max', estimate.max);
    }
    if (Object.keys(answers).length) {
      record('answers', answers);
    }
    await attachRequestUploads(
      tx,
      storage,
      row.id,
      viewer.userId,
      { uploads: input.uploads, form: type ? form : undefined, answers },
      (event) => pending.push(event),
    );
    await logActivity(tx, 'request', row.id, viewer.userId, 'create', changes);
    if (submitting) {
      await touchRequestInteraction(tx, row.id, now);
    }
    return row.id;
  });
  // After the commit: the files' 'attached' events (the request's own event is the route's).
  events?.publish(pending);
  return id;
}
