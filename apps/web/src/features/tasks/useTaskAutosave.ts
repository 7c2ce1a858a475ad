import type { Task } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../../shell/feedback';
import { TASKS_KEY, taskKey, updateTask } from './api';
import { type DraftKey, draftFromTask, type TaskDraft, updatePayload, validateDraft } from './taskForm';

/** Debounces of doc 2 §9: 600 ms for typed edits and the title, 10 ms after a pick. */
export const TYPED_EDIT_DELAY = 600;
export const PICK_DELAY = 10;

/**
 * An existing task's form: edits change a local draft at once and are saved, field by field, after a short pause
 * (PUT tasks/{uuid} with only the changed fields and this tab's ref_token). Fields the user has not touched follow the
 * server's latest answer; a failed save puts the failed fields back to what the server holds.
 */
export function useTaskAutosave(task: Task) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<TaskDraft>(() => draftFromTask(task));
  const [saving, setSaving] = useState(false);
  const dirty = useRef(new Set<DraftKey>());
  const draftRef = useRef(draft);
  const timer = useRef<number | null>(null);
  const [pendingCount, setPendingCount] = useState(0);

  // The server's answer wins for every field the user is not editing.
  useEffect(() => {
    const fromServer = draftFromTask(task);
    setDraft((current) => {
      const next = { ...fromServer };
      for (const key of dirty.current) {
        (next as unknown as Record<string, unknown>)[key] = current[key];
      }
      draftRef.current = next;
      return next;
    });
  }, [task]);

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    const errors = validateDraft(draftRef.current, 'edit');
    const keys = [...dirty.current].filter((key) => !errors[key]);
    if (keys.length === 0) {
      // Nothing sendable: done unless an invalid edit is still waiting.
      return dirty.current.size === 0;
    }
    for (const key of keys) {
      dirty.current.delete(key);
    }
    setPendingCount(dirty.current.size);
    setSaving(true);
    try {
      const saved = await updateTask(task.uuid, updatePayload(draftRef.current, keys));
      queryClient.setQueryData(taskKey(task.uuid), saved);
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      if (saved.parent) {
        void queryClient.invalidateQueries({ queryKey: taskKey(saved.parent.uuid) });
      }
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'history', task.uuid] });
      return true;
    } catch (error) {
      reportError(error);
      // Failures restore what the server holds (e.g. completing a task with open subtasks).
      const server = draftFromTask(queryClient.getQueryData<Task>(taskKey(task.uuid)) ?? task);
      setDraft((current) => {
        const next = { ...current };
        for (const key of keys) {
          (next as unknown as Record<string, unknown>)[key] = server[key];
        }
        draftRef.current = next;
        return next;
      });
      return false;
    } finally {
      setSaving(false);
    }
  }, [queryClient, task]);

  const change = useCallback(
    (patch: Partial<TaskDraft>, delay: number = PICK_DELAY) => {
      const next = { ...draftRef.current, ...patch };
      draftRef.current = next;
      setDraft(next);
      for (const key of Object.keys(patch) as DraftKey[]) {
        dirty.current.add(key);
      }
      setPendingCount(dirty.current.size);
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
      }
      timer.current = window.setTimeout(() => {
        timer.current = null;
        void flush();
      }, delay);
    },
    [flush],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
      }
    },
    [],
  );

  return { draft, change, flush, saving, hasUnsaved: pendingCount > 0, errors: validateDraft(draft, 'edit') };
}
