import { MESSAGES } from '@portal/domain';
import { Button, Modal } from 'antd';

/** Closing with unsaved changes (doc 2 §5). */
export function UnsavedChangesModal({
  saving,
  onSave,
  onDiscard,
  onCancel,
}: {
  saving: boolean;
  onSave(): void;
  onDiscard(): void;
  onCancel(): void;
}) {
  const [title, question] = MESSAGES.unsavedChanges.split(': ');
  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      data-testid="unsaved-changes"
      footer={[
        <Button key="discard" onClick={onDiscard} data-testid="unsaved-discard">
          Close it anyway
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={onSave} data-testid="unsaved-save">
          Yes, save changes
        </Button>,
      ]}
    >
      {question}
    </Modal>
  );
}
