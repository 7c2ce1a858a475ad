import { MESSAGES } from '../messages';
import type { TaskStatus } from '../statuses';

export type CompletionCheckKey =
  | 'time_spent'
  | 'below_estimate'
  | 'tasks_completed'
  | 'responsible'
  | 'tasks_assigned'
  | 'tasks_logged';

export type CompletionCheck = { key: CompletionCheckKey; label: string; passed: boolean };

export type CompletionInput = {
  /** Minutes logged on the request. */
  timeSpent: number;
  /** The request's estimated_max in minutes; 0 when no estimate was given. */
  estimatedMax: number;
  hasResponsible: boolean;
  /** The tasks related to the request. */
  tasks: { status: TaskStatus; assigneeCount: number; loggedMinutes: number }[];
};

/**
 * The six checks run before a request is completed (doc 2 §4), in the spec's order. The caller shows the dialog
 * 'Ooops, there is something wrong!' when any fails; 'Complete anyway' skips them.
 *
 * - An unset maximum estimate counts as 0 (doc 2 §5: "0 when empty"), so "Time spent less than maximum estimated
 *   time" fails: nobody agreed on an upper bound, which is worth a look before closing. Equal to the maximum fails
 *   too ("less than").
 * - Cancelled tasks are ignored by "All related tasks completed" only, as the spec words it; the assignee and time
 *   log checks cover every related task. With no related tasks the task checks pass.
 */
export function completionChecks(input: CompletionInput): CompletionCheck[] {
  const { tasks } = input;
  return [
    { key: 'time_spent', label: MESSAGES.checkTimeSpent, passed: input.timeSpent > 0 },
    { key: 'below_estimate', label: MESSAGES.checkBelowEstimate, passed: input.timeSpent < input.estimatedMax },
    {
      key: 'tasks_completed',
      label: MESSAGES.checkTasksCompleted,
      passed: tasks.every((t) => t.status === 'completed' || t.status === 'cancelled'),
    },
    { key: 'responsible', label: MESSAGES.checkResponsible, passed: input.hasResponsible },
    { key: 'tasks_assigned', label: MESSAGES.checkTasksAssigned, passed: tasks.every((t) => t.assigneeCount > 0) },
    { key: 'tasks_logged', label: MESSAGES.checkTasksLogged, passed: tasks.every((t) => t.loggedMinutes > 0) },
  ];
}
