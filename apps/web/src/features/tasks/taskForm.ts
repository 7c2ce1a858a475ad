import type { RecurrenceType, Task, TaskCreateInput, TaskPriority, TaskStatus, TaskUpdateInput } from '@portal/domain';
import { TASK_TITLE_MAX } from '@portal/domain';
import { addDaysIso } from '../timelogs/timeEntry';
import { formatEstimateRange, parseEstimateRange } from './taskRules';

/** What the drawer edits. Dates are YYYY-MM-DD; the estimate is the field's 'min-max' hours text. */
export interface TaskDraft {
  title: string;
  project_id: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  start_date: string | null;
  end_date: string | null;
  estimate: string;
  responsibles: string[];
  followers: string[];
  tags: string[];
  recurrence_type: RecurrenceType | null;
  recurrence_limit: number | null;
}

export type DraftKey = keyof TaskDraft;

/** A new task's defaults (doc 2 §4): todo or the status passed, priority low, due range today to tomorrow. */
export function newTaskDraft(today: string, options: { status?: TaskStatus | null; projectId?: string | null } = {}) {
  const draft: TaskDraft = {
    title: '',
    project_id: options.projectId ?? null,
    priority: 0,
    status: options.status ?? 'todo',
    start_date: today,
    end_date: addDaysIso(today, 1),
    estimate: '',
    responsibles: [],
    followers: [],
    tags: [],
    recurrence_type: null,
    recurrence_limit: null,
  };
  return draft;
}

export function draftFromTask(task: Task): TaskDraft {
  return {
    title: task.title,
    project_id: task.project.uuid,
    priority: task.priority,
    status: task.status,
    start_date: task.start_date?.slice(0, 10) ?? null,
    end_date: task.end_date?.slice(0, 10) ?? null,
    estimate: formatEstimateRange(task.estimated_time_min, task.estimated_time),
    responsibles: task.responsibles.map((p) => p.uuid),
    followers: task.followers.map((p) => p.uuid),
    tags: task.tags.map((t) => t.name),
    recurrence_type: task.recurrence_type,
    recurrence_limit: task.recurrence_limit,
  };
}

/** A copy (task_copy_uuid): the source's fields as a new todo task, title marked as a copy. */
export function copyDraft(source: Task, today: string): TaskDraft {
  const draft = draftFromTask(source);
  return {
    ...draft,
    title: `Copy of ${source.title}`.slice(0, TASK_TITLE_MAX),
    status: source.status === 'seed' ? 'todo' : draft.status,
    start_date: draft.start_date ?? today,
    end_date: draft.end_date ?? addDaysIso(today, 1),
    recurrence_type: null,
    recurrence_limit: null,
  };
}

export type DraftErrors = Partial<Record<DraftKey, string>>;

/** The drawer's own checks (doc 2 §5), before anything is sent. */
export function validateDraft(draft: TaskDraft, mode: 'create' | 'edit'): DraftErrors {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (!title) {
    errors.title = 'This field is required';
  } else if (title.length > TASK_TITLE_MAX) {
    errors.title = `The title may not be longer than ${TASK_TITLE_MAX} characters`;
  }
  if (!draft.project_id) {
    errors.project_id = 'This field is required';
  }
  const estimate = parseEstimateRange(draft.estimate);
  if ('error' in estimate) {
    errors.estimate = estimate.error;
  }
  if (draft.start_date && draft.end_date && draft.end_date < draft.start_date) {
    errors.end_date = 'The due date must not be before the start date';
  }
  if (mode === 'create' && draft.recurrence_type) {
    if (!draft.start_date || !draft.end_date) {
      errors.end_date = 'This field is required';
    }
    if (draft.recurrence_limit === null || draft.recurrence_limit < 0) {
      errors.recurrence_limit = 'This field is required';
    }
    if (draft.responsibles.length === 0) {
      errors.responsibles = 'This field is required';
    }
  }
  return errors;
}

function estimateFields(text: string): { estimated_time_min: number | null; estimated_time: number | null } {
  const range = parseEstimateRange(text);
  if ('error' in range || (range.min === 0 && range.max === 0)) {
    return { estimated_time_min: null, estimated_time: null };
  }
  return { estimated_time_min: range.min, estimated_time: range.max };
}

export function createPayload(
  draft: TaskDraft,
  extra: { parentId?: string | null; requestId?: string | null; uploads?: readonly string[] },
): TaskCreateInput {
  return {
    title: draft.title.trim(),
    project_id: draft.project_id ?? undefined,
    priority: draft.priority,
    status: draft.recurrence_type ? 'seed' : draft.status,
    start_date: draft.start_date,
    end_date: draft.end_date,
    ...estimateFields(draft.estimate),
    responsibles: draft.responsibles,
    followers: draft.followers,
    tags: draft.tags,
    recurrence_type: draft.recurrence_type,
    recurrence_limit: draft.recurrence_type ? draft.recurrence_limit : null,
    parent_id: extra.parentId ?? null,
    ...(extra.requestId ? { add_requests: [extra.requestId] } : {}),
    ...(extra.uploads?.length ? { uploads: [...extra.uploads] } : {}),
  };
}

/** The PUT body for the edited fields only (autosave). */
export function updatePayload(draft: TaskDraft, keys: Iterable<DraftKey>): TaskUpdateInput {
  const body: TaskUpdateInput = {};
  for (const key of keys) {
    switch (key) {
      case 'title':
        body.title = draft.title.trim();
        break;
      case 'estimate':
        Object.assign(body, estimateFields(draft.estimate));
        break;
      case 'project_id':
        if (draft.project_id) {
          body.project_id = draft.project_id;
        }
        break;
      case 'recurrence_type':
      case 'recurrence_limit':
        // Recurrence is switched in create mode only.
        break;
      default:
        (body as Record<string, unknown>)[key] = draft[key];
    }
  }
  return body;
}
