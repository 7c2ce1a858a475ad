import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { RichTextDelta } from '../../components/RichTextEditor';
import { RichTextEditor } from '../../components/RichTextEditor';
import { reportError } from '../../shell/feedback';
import { getDescriptionDelta, putDescriptionDelta, TASKS_KEY } from './api';

/** Editor autosave debounce (doc 2 §9). */
const DESCRIPTION_SAVE_DELAY = 3000;

type SaveStatus = 'saved' | 'saving' | 'error saving' | null;

/**
 * The task description (doc 2 §2): a Quill editor whose delta is saved with PUT tasks/{uuid}/description-delta after
 * a pause in typing, with the editor save status of doc 2 §4. Real-time collaboration comes with a later issue.
 */
export function TaskDescription({
  taskUuid,
  readOnly,
  onPendingChange,
}: {
  taskUuid: string;
  readOnly: boolean;
  onPendingChange?(pending: (() => Promise<void>) | null): void;
}) {
  const delta = useQuery({
    queryKey: [...TASKS_KEY, 'description', taskUuid],
    queryFn: ({ signal }) => getDescriptionDelta(taskUuid, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [status, setStatus] = useState<SaveStatus>(null);
  const pending = useRef<RichTextDelta | null>(null);
  const timer = useRef<number | null>(null);

  const save = async () => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    const next = pending.current;
    if (!next) {
      return;
    }
    pending.current = null;
    onPendingChange?.(null);
    setStatus('saving');
    try {
      await putDescriptionDelta(taskUuid, next);
      setStatus('saved');
    } catch (error) {
      setStatus('error saving');
      reportError(error);
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(
    () => () => {
      // Leaving the drawer saves what was typed.
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        void saveRef.current();
      }
    },
    [],
  );

  if (delta.isPending) {
    return null;
  }
  return (
    <section className="task-section" data-testid="task-description">
      <div className="task-section-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Description
        </Typography.Title>
        {status ? (
          <Typography.Text
            type={status === 'error saving' ? 'danger' : 'secondary'}
            data-testid="task-description-status"
          >
            {status === 'saved' ? 'Saved' : status === 'saving' ? 'Saving…' : 'Error saving'}
          </Typography.Text>
        ) : null}
      </div>
      <RichTextEditor
        value={(delta.data as RichTextDelta | null | undefined) ?? null}
        readOnly={readOnly}
        placeholder="Describe the task"
        testId="task-description-editor"
        onChange={(next) => {
          pending.current = next;
          onPendingChange?.(() => saveRef.current());
          if (timer.current !== null) {
            window.clearTimeout(timer.current);
          }
          timer.current = window.setTimeout(() => void saveRef.current(), DESCRIPTION_SAVE_DELAY);
        }}
      />
    </section>
  );
}
