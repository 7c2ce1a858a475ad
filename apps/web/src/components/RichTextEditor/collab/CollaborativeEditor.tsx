import { Typography } from 'antd';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { api } from '../../../api';
import { useCurrentUser } from '../../../auth/queries';
import type { RichTextDelta } from '../delta';
import { RichTextEditor } from '../index';
import { PresenceAvatars } from './PresenceAvatars';
import { type SaveStatus, useCollaboration } from './useCollaboration';
import './collab.css';

/** Doc 2 §4 editor save status, as the editors show it. */
export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  saving: 'Saving…',
  saved: 'Saved',
  'error saving': 'Error saving',
  disconnected: 'Disconnected',
};

export function SaveStatusText({ status, testId }: { status: SaveStatus | null; testId: string }) {
  if (!status) {
    return null;
  }
  return (
    <Typography.Text
      type={status === 'error saving' || status === 'disconnected' ? 'danger' : 'secondary'}
      data-testid={testId}
    >
      {SAVE_STATUS_TEXT[status]}
    </Typography.Text>
  );
}

type QuillLike = {
  getContents(): { ops: unknown[] };
  on(event: 'text-change', handler: (change: unknown, old: unknown, source: string) => void): void;
  off(event: 'text-change', handler: (change: unknown, old: unknown, source: string) => void): void;
};

/**
 * A rich-text editor bound to a shared document on /collaboration (`request.<uuid>.project_brief`,
 * `customer.<uuid>.notes`; the task description uses the same hook): the text, the others' named cursors and the
 * save status come from the binding, and the server stores the text 3000 ms after the last change — there is
 * nothing to save on this side. `onDocumentChange` hears every change of the document (the person's own, marked
 * `local`, and the others'), for a screen that keeps a copy of the text (a form's answers).
 */
export function CollaborativeEditor({
  documentName,
  readOnly = false,
  placeholder,
  testId,
  statusTestId,
  onDocumentChange,
}: {
  documentName: string;
  readOnly?: boolean;
  placeholder?: string;
  testId: string;
  statusTestId: string;
  onDocumentChange?(delta: RichTextDelta, local: boolean): void;
}) {
  const me = useCurrentUser().data;
  const collab = useCollaboration({
    documentName,
    token: api.tokens.get(),
    user: me ? { uuid: me.uuid, name: me.name } : null,
  });
  const onChangeRef = useRef(onDocumentChange);
  useLayoutEffect(() => {
    onChangeRef.current = onDocumentChange;
  });
  const bind = collab.onEditor;
  const onEditor = useCallback(
    (editor: unknown) => {
      const quill = editor as QuillLike;
      const detach = bind(editor);
      const handler = (_change: unknown, _old: unknown, source: string) => {
        onChangeRef.current?.({ ops: quill.getContents().ops as RichTextDelta['ops'] }, source === 'user');
      };
      quill.on('text-change', handler);
      return () => {
        quill.off('text-change', handler);
        detach?.();
      };
    },
    [bind],
  );
  return (
    <div className="collab-editor" data-testid={`${testId}-collab`}>
      <div className="collab-editor__status">
        <PresenceAvatars people={collab.present} testId={`${testId}-presence`} />
        <SaveStatusText status={collab.status} testId={statusTestId} />
      </div>
      <RichTextEditor
        readOnly={readOnly || collab.serverReadOnly}
        placeholder={placeholder}
        testId={testId}
        onEditor={onEditor}
      />
    </div>
  );
}
