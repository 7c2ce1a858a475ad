import { MESSAGES } from '@portal/domain';
import { Button, Input, Space, Typography } from 'antd';
import { useId, useState } from 'react';

/** StopTimer's inline question for a task timer without a description: what was worked on, then Save or Cancel. */
export function StopTimerForm({
  testId,
  saving,
  onSave,
  onCancel,
}: {
  testId: string;
  saving: boolean;
  onSave(description: string): void;
  onCancel(): void;
}) {
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const submit = () => {
    if (!description.trim()) {
      setError(MESSAGES.inputComment);
      return;
    }
    onSave(description.trim());
  };
  return (
    <div className="timer-stop-form" data-testid={`${testId}-form`}>
      <label htmlFor={fieldId} className="timer-stop-label">
        What did you work on?
      </label>
      <Input.TextArea
        id={fieldId}
        rows={2}
        autoFocus
        value={description}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setDescription(e.target.value);
          setError(null);
        }}
        data-testid={`${testId}-description`}
      />
      {error ? (
        <Typography.Text type="danger" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      ) : null}
      <Space>
        <Button size="small" type="primary" loading={saving} onClick={submit} data-testid={`${testId}-save`}>
          Save
        </Button>
        <Button size="small" onClick={onCancel}>
          Cancel
        </Button>
      </Space>
    </div>
  );
}
