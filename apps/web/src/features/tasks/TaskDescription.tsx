import { Space, Typography } from 'antd';
import { api } from '../../api';
import { useCurrentUser } from '../../auth/queries';
import { RichTextEditor } from '../../components/RichTextEditor';
import { PresenceAvatars } from '../../components/RichTextEditor/collab/PresenceAvatars';
import { type SaveStatus, useCollaboration } from '../../components/RichTextEditor/collab/useCollaboration';

const STATUS_TEXT: Record<SaveStatus, string> = {
  saving: 'Saving…',
  saved: 'Saved',
  'error saving': 'Error saving',
  disconnected: 'Disconnected',
};

/**
 * The task description (doc 2 §2), edited together in real time: a Quill editor bound to the task's shared document
 * (`task.<uuid>.description` on /collaboration) with the others' named cursors. The server stores the text 3000 ms
 * after the last change (doc 2 §9) and keeps description_delta equal to it, so there is nothing to save on close;
 * the save status of doc 2 §4 follows the connection and the server's stores.
 */
export function TaskDescription({
  taskUuid,
  readOnly,
}: {
  taskUuid: string;
  readOnly: boolean;
  /** Kept for the drawer's close guard: a shared document has nothing pending on this side. */
  onPendingChange?(pending: (() => Promise<void>) | null): void;
}) {
  const me = useCurrentUser().data;
  const collab = useCollaboration({
    documentName: `task.${taskUuid}.description`,
    token: api.tokens.get(),
    user: me ? { uuid: me.uuid, name: me.name } : null,
  });
  const status = collab.status;
  return (
    <section className="task-section" data-testid="task-description">
      <div className="task-section-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Description
        </Typography.Title>
        {/* Who else is here beside the save status, both on the right. */}
        <Space size={8}>
          <PresenceAvatars people={collab.present} testId="task-description-presence" />
          {status ? (
            <Typography.Text
              type={status === 'error saving' || status === 'disconnected' ? 'danger' : 'secondary'}
              data-testid="task-description-status"
            >
              {STATUS_TEXT[status]}
            </Typography.Text>
          ) : null}
        </Space>
      </div>
      <RichTextEditor
        readOnly={readOnly || collab.serverReadOnly}
        placeholder="Describe the task"
        testId="task-description-editor"
        onEditor={collab.onEditor}
      />
    </section>
  );
}
