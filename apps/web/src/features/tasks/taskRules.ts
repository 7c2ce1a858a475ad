import { CONTACT_RESPONSIBLE_TASK_STATUSES, MESSAGES, TASK_FILTER_STATUSES, type TaskStatus } from '@portal/domain';
import { shortUsDate } from '../timelogs/timeEntry';

/**
 * Pure rules of the task drawer (doc 2 §4, §5). The server enforces each of them; the drawer mirrors them so the
 * user is not offered what would be refused.
 */

export interface EstimateRange {
  /** Minutes. */
  min: number;
  /** Minutes. */
  max: number;
}

/**
 * The estimate field 'min-max' in hours (digits and dots; '-' or '/' between) → minutes. Empty means 0-0; a single
 * number is both bounds. Returns the spec's message when max is below min or the text is not a range.
 */
export function parseEstimateRange(text: string | null | undefined): EstimateRange | { error: string } {
  const trimmed = (text ?? '').replace(/\s/g, '');
  if (!trimmed) {
    return { min: 0, max: 0 };
  }
  const match = /^(\d*\.?\d*)(?:[-/](\d*\.?\d*))?$/.exec(trimmed);
  if (!match) {
    return { error: 'Use hours as min-max, e.g. 1-2.5' };
  }
  const toMinutes = (part: string | undefined) => (part && part !== '.' ? Math.round(Number(part) * 60) : 0);
  const min = toMinutes(match[1]);
  const max = match[2] === undefined ? min : toMinutes(match[2]);
  if (max < min) {
    return { error: MESSAGES.maxBelowMin };
  }
  return { min, max };
}

/** Minutes of an estimate back to the field's text: 60, 150 → '1-2.5'; 0, 0 → ''. */
export function formatEstimateRange(
  minMinutes: number | null | undefined,
  maxMinutes: number | null | undefined,
): string {
  const min = minMinutes ?? 0;
  const max = maxMinutes ?? 0;
  if (!min && !max) {
    return '';
  }
  const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
  return `${hours(min)}-${hours(max)}`;
}

/**
 * Responsible and follower are exclusive for one person (doc 2 §5): whoever was just picked on one side leaves the
 * other. Returns the other side's new list.
 */
export function withoutPicked(picked: readonly string[], other: readonly string[]): string[] {
  const chosen = new Set(picked);
  return other.filter((uuid) => !chosen.has(uuid));
}

/** Both lists after one side changed: the changed side wins for the people it names. */
export function applyPeoplePick(
  side: 'responsibles' | 'followers',
  next: readonly string[],
  current: { responsibles: readonly string[]; followers: readonly string[] },
): { responsibles: string[]; followers: string[] } {
  return side === 'responsibles'
    ? { responsibles: [...next], followers: withoutPicked(next, current.followers) }
    : { followers: [...next], responsibles: withoutPicked(next, current.responsibles) };
}

/**
 * The statuses the status select offers (doc 2 §4): a recurring master shows only seed ('Master'); a task with a
 * contact among its responsibles only the contact statuses plus its current one; otherwise every filter status.
 */
export function allowedTaskStatuses(options: {
  current: TaskStatus | undefined;
  recurring: boolean;
  contactResponsible: boolean;
}): TaskStatus[] {
  if (options.recurring) {
    return ['seed'];
  }
  if (options.contactResponsible) {
    const allowed = new Set<TaskStatus>(CONTACT_RESPONSIBLE_TASK_STATUSES);
    if (options.current) {
      allowed.add(options.current);
    }
    return [...TASK_FILTER_STATUSES, 'seed' as const].filter((s) => allowed.has(s));
  }
  return options.current === 'seed' ? [...TASK_FILTER_STATUSES, 'seed'] : [...TASK_FILTER_STATUSES];
}

export function taskStatusLabel(status: string): string {
  if (status === 'seed') {
    return 'Master';
  }
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const TASK_STATUS_COLOURS: Record<string, string> = {
  todo: 'default',
  in_progress: 'blue',
  waiting_approval: 'gold',
  working_on_now: 'cyan',
  pending: 'orange',
  approved: 'green',
  needs_attention: 'red',
  completed: 'success',
  cancelled: 'default',
  seed: 'purple',
};

export const PRIORITY_OPTIONS = [
  { value: 0, label: 'Low', colour: '#8c8c8c' },
  { value: 1, label: 'Medium', colour: '#faad14' },
  { value: 2, label: 'High', colour: '#ff4d4f' },
] as const;

export function priorityLabel(priority: number): string {
  return PRIORITY_OPTIONS.find((p) => p.value === priority)?.label ?? 'Low';
}

/** The fields of a task that differ between two snapshots (what an autosave sends). */
export function changedFields<T extends Record<string, unknown>>(saved: T, edited: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(edited) as (keyof T)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(edited[key])) {
      changes[key] = edited[key];
    }
  }
  return changes;
}

/** The tooltip of the drawer's "By: {name}" (doc 2 §2): "At MM/DD/YY", the local day the task was created. */
export function creatorTooltip(createdAt: string | null | undefined): string | null {
  const day = shortUsDate(createdAt);
  return day ? `At ${day}` : null;
}
