import { MESSAGES, type TaskStatus, type TaskUpdateInput } from '@portal/domain';
import type { QueryValue } from '../../api/client';
import { KANBAN_STATUSES } from './taskFilters';

/** Parent: the picked task becomes this task's parent. Child: the picked task becomes a subtask of this one. */
export type Relationship = 'parent' | 'child';

/** Related-task offers exclude completed and cancelled (doc 2 §4); seed masters are not offered either. */
export const RELATION_OFFER_STATUSES: readonly TaskStatus[] = KANBAN_STATUSES;

/** How many candidates the picker asks for per search. */
export const RELATION_OFFER_SIZE = 50;

/** The task the relation form is opened on: only its own uuid, parent and direct subtasks matter here. */
export interface RelationSubject {
  uuid: string;
  parent: { uuid: string } | null;
  subtasks: readonly { uuid: string }[];
}

/** GET tasks query for the picker: the typed search among the offered statuses. */
export function relationOfferQuery(search: string): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    'page[size]': RELATION_OFFER_SIZE,
    'page[number]': 1,
    'sort[by]': 'task_created_at',
    'sort[direction]': 'desc',
    'filters[task_status][]': [...RELATION_OFFER_STATUSES],
  };
  const term = search.trim();
  if (term) {
    query['search_term[0][0]'] = term;
  }
  return query;
}

/**
 * The tasks the picker offers: open ones, never the task itself, its parent or its subtasks (the server refuses
 * those, and anything further below, with MESSAGES.invalidRelation).
 */
export function relationOffers<T extends { uuid: string; status: string }>(
  candidates: readonly T[],
  subject: RelationSubject,
): T[] {
  const excluded = new Set([
    subject.uuid,
    ...(subject.parent ? [subject.parent.uuid] : []),
    ...subject.subtasks.map((s) => s.uuid),
  ]);
  return candidates.filter(
    (c) => !excluded.has(c.uuid) && (RELATION_OFFER_STATUSES as readonly string[]).includes(c.status),
  );
}

export interface RelationDraft {
  picked?: string | null;
  relationship?: Relationship | null;
}

/** Both fields are required (doc 2 §5: "This Field is required."). */
export function validateRelation(draft: RelationDraft): { task?: string; relationship?: string } {
  const errors: { task?: string; relationship?: string } = {};
  if (!draft.picked) {
    errors.task = MESSAGES.requiredRelation;
  }
  if (!draft.relationship) {
    errors.relationship = MESSAGES.requiredRelation;
  }
  return errors;
}

/** The PUT a choice makes: Parent writes this task's parent_id, Child writes the picked task's. */
export function relationCall(
  subjectUuid: string,
  picked: string,
  relationship: Relationship,
): { uuid: string; input: TaskUpdateInput } {
  return relationship === 'parent'
    ? { uuid: subjectUuid, input: { parent_id: picked } }
    : { uuid: picked, input: { parent_id: subjectUuid } };
}
