import {
  type Answers,
  flattenQuestions,
  isAnswerable,
  MESSAGES,
  parseEstimateInput,
  pruneHiddenAnswers,
  type RequestCreateInput,
  type RequestDetail,
  type RequestForm,
} from '@portal/domain';
import type { PanelErrors } from './serverErrors';

/** What the side panel edits (doc 2 §2). The estimate is the field's text ('min-max' hours or 'HH:MM - HH:MM'). */
export interface PanelDraft {
  subject: string;
  projectId: string | null;
  requesterId: string | null;
  ownerId: string | null;
  followers: string[];
  estimate: string;
  /** A new request's uploads area: files uploaded before the request exists travel with the create. */
  uploads?: string[];
}

export const EMPTY_PANEL: PanelDraft = {
  subject: '',
  projectId: null,
  requesterId: null,
  ownerId: null,
  followers: [],
  estimate: '',
};

export function panelFromRequest(request: RequestDetail): PanelDraft {
  const responsible = request.related_users.find((u) => u.pivot === 'responsible');
  const hasEstimate = request.estimated_min > 0 || request.estimated_max > 0;
  return {
    // A draft saved without a name is stored as 'Draft'; the field shows it empty again.
    subject: request.status === 'draft' && request.subject === 'Draft' ? '' : request.subject,
    projectId: request.project?.uuid ?? null,
    requesterId: request.requester?.uuid ?? null,
    ownerId: responsible?.uuid ?? null,
    followers: request.related_users.filter((u) => u.pivot === 'follower').map((u) => u.uuid),
    estimate: hasEstimate ? request.estimated_time_range : '',
  };
}

/** A duplicate starts from the source's plan, requester and people; it gets its own name and estimate. */
export function panelForDuplicate(source: RequestDetail): PanelDraft {
  return { ...panelFromRequest(source), subject: '', estimate: '' };
}

/**
 * The panel's checks (doc 2 §5), as the server makes them: plan and requester only when submitting, the estimate
 * always.
 */
export function validatePanel(panel: PanelDraft, submitting: boolean): PanelErrors {
  const errors: PanelErrors = {};
  if (submitting && !panel.projectId) {
    errors.project = MESSAGES.enterProject;
  }
  if (submitting && !panel.requesterId) {
    errors.requester = MESSAGES.enterRequester;
  }
  const estimate = parseEstimateInput(panel.estimate);
  if ('error' in estimate) {
    errors.estimate = estimate.error;
  }
  return errors;
}

/** Picking the owner drops the same person from followers, and the reverse (one pivot per person). */
export function pickOwner(panel: PanelDraft, ownerId: string | null): PanelDraft {
  return { ...panel, ownerId, followers: panel.followers.filter((uuid) => uuid !== ownerId) };
}

export function pickFollowers(panel: PanelDraft, followers: string[]): PanelDraft {
  return { ...panel, followers, ownerId: panel.ownerId && followers.includes(panel.ownerId) ? null : panel.ownerId };
}

/**
 * The body of POST /requests and PUT /requests/{uuid}. Answers of hidden questions are dropped; the brief's
 * rich text also travels as description_delta, which the API keeps beside the serialized form.
 */
export function requestPayload(options: {
  typeId: number | null;
  form: RequestForm;
  answers: Answers;
  panel: PanelDraft;
  status?: 'draft' | 'new';
}): RequestCreateInput {
  const { panel } = options;
  const answers = pruneHiddenAnswers(options.form, options.answers);
  const brief = answers.project_brief;
  const payload: RequestCreateInput = {
    request_type_id: options.typeId,
    subject: panel.subject.trim(),
    project_id: panel.projectId,
    requester_id: panel.requesterId,
    answers,
    description_delta: brief && typeof brief === 'object' && 'ops' in brief ? brief : null,
    estimated_time_range: panel.estimate.trim(),
    responsibles: panel.ownerId ? [panel.ownerId] : [],
    followers: panel.followers,
  };
  if (options.status) {
    payload.status = options.status;
  }
  if (panel.uploads?.length) {
    payload.uploads = panel.uploads;
  }
  return payload;
}

/** A duplicate keeps the source's answers to the questions the form still asks (the server refuses others). */
export function answersForForm(form: RequestForm, answers: Answers): Answers {
  const known = new Set(
    flattenQuestions(form)
      .filter(isAnswerable)
      .map((q) => q.name),
  );
  return Object.fromEntries(Object.entries(answers).filter(([name]) => known.has(name)));
}
