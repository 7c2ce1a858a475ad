import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Every parameter of the task drawer (doc 2 §2); closing the drawer drops them all. */
export const TASK_PARAMS = [
  'task_uuid',
  'task_parent_id',
  'task_personal',
  'task_status',
  'task_copy_uuid',
  'task_any_project',
  'task_project',
  // A request the new task is related to (/requests/{uuid}/tasks?uuid=create).
  'task_request',
  // The comment to highlight in the drawer's Comments tab (a mention's link).
  'task_comment_uuid',
] as const;

const isOn = (value: string | null) => value === 'true' || value === '1';

/**
 * The plan a new task starts in. task_any_project (the New menu, doc 1 §2) opens the creator on no plan with the
 * picker of every plan the person may choose, even over a task_project the address still carries from the screen
 * it was opened on; otherwise task_project presets it.
 */
export function presetPlanOf(params: URLSearchParams): string | null {
  return isOn(params.get('task_any_project')) ? null : params.get('task_project');
}

/** task_uuid: a task's uuid or create. Kept apart from the drawer so the shell does not load the drawer's chunk. */
export function useTaskParam() {
  const [params, setParams] = useSearchParams();
  const value = params.get('task_uuid');
  const close = useCallback(() => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of TASK_PARAMS) {
        next.delete(name);
      }
      return next;
    });
  }, [setParams]);
  return { value, close };
}
