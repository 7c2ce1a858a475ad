import { describe, expect, it } from 'vitest';
import { presetPlanOf } from './useTaskParam';

describe('the plan a new task starts in', () => {
  it('is none with task_any_project, so the picker offers every plan', () => {
    expect(presetPlanOf(new URLSearchParams('task_uuid=create&task_any_project=true'))).toBeNull();
    expect(presetPlanOf(new URLSearchParams('task_uuid=create&task_project=p-1&task_any_project=1'))).toBeNull();
  });

  it('is task_project otherwise', () => {
    expect(presetPlanOf(new URLSearchParams('task_uuid=create&task_project=p-1'))).toBe('p-1');
    expect(presetPlanOf(new URLSearchParams('task_uuid=create&task_project=p-1&task_any_project=false'))).toBe('p-1');
    expect(presetPlanOf(new URLSearchParams('task_uuid=create'))).toBeNull();
  });
});
