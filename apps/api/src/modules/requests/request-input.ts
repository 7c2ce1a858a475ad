import { MESSAGES, REQUEST_DRAFT_SUBJECT } from '@portal/domain';
import { addError, type FieldErrors, type Person } from '../tasks/task-rules';

/** The estimate a write asks for: the range text wins over estimated_min/max; unsent sides keep their value. */
export function estimateOf(
  input: { estimated_time_range?: { min: number; max: number }; estimated_min?: number; estimated_max?: number },
  current: { min: number; max: number },
  errors: FieldErrors,
) {
  const min = input.estimated_time_range?.min ?? input.estimated_min ?? current.min;
  const max = input.estimated_time_range?.max ?? input.estimated_max ?? current.max;
  if (max !== 0 && max < min) {
    addError(errors, input.estimated_time_range ? 'estimated_time_range' : 'estimated_max', MESSAGES.maxBelowMin);
  }
  return { min, max };
}

/** A request without a name is called 'Draft' (doc 2 §4); a submitted one takes its type's name instead. */
export function subjectOf(subject: string | undefined, submitted: boolean, typeName: string | undefined) {
  const trimmed = subject?.trim() ?? '';
  if (trimmed) {
    return trimmed;
  }
  return submitted && typeName ? typeName : REQUEST_DRAFT_SUBJECT;
}

/** Uploads are checked and attached inside the write's transaction (request-uploads.ts). */
export function rejectUploads(_input: { uploads?: string[] }, _errors: FieldErrors) {}

export const personRef = (p: Pick<Person, 'uuid' | 'name'>) => ({ uuid: p.uuid, name: p.name });
