import { describe, expect, it } from 'vitest';
import { type CompletionInput, completionChecks } from './checklist';

const done = { status: 'completed' as const, assigneeCount: 1, loggedMinutes: 30 };
const passing: CompletionInput = { timeSpent: 60, estimatedMax: 120, hasResponsible: true, tasks: [done] };
const failed = (input: CompletionInput) =>
  completionChecks(input)
    .filter((c) => !c.passed)
    .map((c) => c.key);

describe('completion checklist', () => {
  it('runs the six checks in the order and words of the spec', () => {
    expect(completionChecks(passing)).toEqual([
      { key: 'time_spent', label: 'Time spent filled in', passed: true },
      { key: 'below_estimate', label: 'Time spent less than maximum estimated time', passed: true },
      { key: 'tasks_completed', label: 'All related tasks completed', passed: true },
      { key: 'responsible', label: 'Responsible person filled in', passed: true },
      { key: 'tasks_assigned', label: 'All tasks have assignees', passed: true },
      { key: 'tasks_logged', label: 'All tasks have timelogs', passed: true },
    ]);
  });

  it('fails without time spent', () => {
    expect(failed({ ...passing, timeSpent: 0 })).toEqual(['time_spent']);
  });

  it('fails when time spent reaches the maximum estimate, or no maximum is set', () => {
    expect(failed({ ...passing, timeSpent: 120 })).toEqual(['below_estimate']);
    expect(failed({ ...passing, estimatedMax: 0 })).toEqual(['below_estimate']);
  });

  it('ignores cancelled tasks when asking for completed ones', () => {
    expect(failed({ ...passing, tasks: [done, { ...done, status: 'cancelled' }] })).toEqual([]);
    expect(failed({ ...passing, tasks: [done, { ...done, status: 'in_progress' }] })).toEqual(['tasks_completed']);
  });

  it('fails without a responsible person', () => {
    expect(failed({ ...passing, hasResponsible: false })).toEqual(['responsible']);
  });

  it('fails when a task has no assignee or no time logs', () => {
    expect(failed({ ...passing, tasks: [done, { ...done, assigneeCount: 0, loggedMinutes: 0 }] })).toEqual([
      'tasks_assigned',
      'tasks_logged',
    ]);
  });

  it('passes the task checks when no task is related', () => {
    expect(failed({ ...passing, tasks: [] })).toEqual([]);
  });
});
