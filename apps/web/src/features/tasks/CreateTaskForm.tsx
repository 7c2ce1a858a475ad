import { MESSAGES, type Task, type Upload } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AssetCard } from '../uploads/AssetsSection';
import { createTask } from './api';
import { TaskFields } from './TaskFields';
import { createPayload, type TaskDraft, validateDraft } from './taskForm';
import { UnsavedChangesModal } from './UnsavedChangesModal';
import { useTaskChoices } from './useTaskChoices';

/** The creator's form: validated on submit, server field errors shown beside the fields. */
export function CreateTaskForm({
  initial,
  lockedPlan,
  personal,
  parentId,
  requestId = null,
  uploads = [],
  closeRequest,
  onClose,
  onCreated,
}: {
  initial: TaskDraft;
  lockedPlan?: { uuid: string; title: string };
  personal: boolean;
  parentId: string | null;
  requestId?: string | null;
  /** Files the new task starts with (a request's file: /requests/{uuid}/tasks?uuid=<upload id>). */
  uploads?: readonly Upload[];
  closeRequest: { current: () => void };
  onClose(): void;
  onCreated(task: Task): void;
}) {
  const choices = useTaskChoices(!lockedPlan);
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const [askUnsaved, setAskUnsaved] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = { ...validateDraft(draft, 'create'), ...serverErrors };
  const create = useMutation({
    mutationFn: () => createTask(createPayload(draft, { parentId, requestId, uploads: uploads.map((u) => u.uuid) })),
    onSuccess: onCreated,
    onError: (error) => {
      const fields = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      const mapped: Record<string, string> = {};
      for (const [name, messages] of Object.entries(fields)) {
        const key = name === 'estimated_time' || name === 'estimated_time_min' ? 'estimate' : name;
        mapped[key] = messages[0] ?? MESSAGES.required;
      }
      setServerErrors(mapped);
      setAskUnsaved(false);
    },
  });
  closeRequest.current = () => (dirty ? setAskUnsaved(true) : onClose());
  const submit = () => {
    setTried(true);
    if (Object.keys(validateDraft(draft, 'create')).length === 0) {
      create.mutate();
    } else {
      setAskUnsaved(false);
    }
  };

  return (
    <div data-testid="task-create">
      <TaskFields
        mode="create"
        draft={draft}
        errors={errors}
        showErrors={tried}
        change={(patch) => {
          setDraft((current) => ({ ...current, ...patch }));
          setDirty(true);
          setServerErrors({});
        }}
        choices={choices}
        projectLocked={Boolean(lockedPlan)}
        projectTitle={lockedPlan?.title}
        contactResponsible={false}
        readOnly={false}
        responsibleLocked={personal}
      />
      {uploads.length ? (
        <section className="task-section" data-testid="task-create-assets">
          <Typography.Title level={5} style={{ margin: 0 }}>
            Assets <Tag>{uploads.length}</Tag>
          </Typography.Title>
          <ul className="asset-grid">
            {uploads.map((file) => (
              <AssetCard key={file.uuid} file={file} canDelete={false} />
            ))}
          </ul>
        </section>
      ) : null}
      <div className="task-create-actions">
        <Button onClick={() => closeRequest.current()} data-testid="task-create-cancel">
          Cancel
        </Button>
        <Button type="primary" loading={create.isPending} onClick={submit} data-testid="task-create-submit">
          Create
        </Button>
      </div>
      {askUnsaved ? (
        <UnsavedChangesModal
          saving={create.isPending}
          onSave={submit}
          onDiscard={onClose}
          onCancel={() => setAskUnsaved(false)}
        />
      ) : null}
    </div>
  );
}
