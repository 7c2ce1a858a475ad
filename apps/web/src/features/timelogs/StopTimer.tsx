import { CheckCircleOutlined } from '@ant-design/icons';
import { MESSAGES, type TimeLog } from '@portal/domain';
import { Button, Input, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { reportSuccess } from '../../shell/feedback';
import { useTimerActions } from './useTimers';

/**
 * Stop beside Pause: ends the timer and saves its time-log entry in one step. A task's entry needs a description
 * (doc 2 §5): when the timer has none yet, it is asked for right here, inline, instead of in a separate form.
 */
export function StopTimer({
  log,
  testId,
  size,
  onStopped,
}: {
  log: TimeLog;
  testId: string;
  size?: 'small' | 'middle';
  onStopped?(): void;
}) {
  const actions = useTimerActions();
  const [asking, setAsking] = useState(false);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const needsDescription = Boolean(log.task) && !log.description?.trim();

  const save = (text: string) =>
    actions.stop.mutate(
      { log, description: text },
      {
        onSuccess: () => {
          reportSuccess('Time entry saved');
          setAsking(false);
          onStopped?.();
        },
      },
    );
  const submit = () => {
    if (!description.trim()) {
      setError(MESSAGES.inputComment);
      return;
    }
    save(description.trim());
  };

  return (
    <>
      <Button
        size={size}
        icon={<CheckCircleOutlined />}
        loading={actions.stop.isPending && !asking}
        onClick={() => (needsDescription ? setAsking(true) : save(log.description ?? ''))}
        data-testid={testId}
      >
        Stop
      </Button>
      {asking ? (
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
            <Button
              size="small"
              type="primary"
              loading={actions.stop.isPending}
              onClick={submit}
              data-testid={`${testId}-save`}
            >
              Save
            </Button>
            <Button size="small" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </Space>
        </div>
      ) : null}
    </>
  );
}
