import { PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { MESSAGES, type TimeLog } from '@portal/domain';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { reportSuccess } from '../../shell/feedback';
import { TimerClock } from './TimerClock';
import { localIsoDate } from './timeEntry';
import { elapsedMinutes } from './timer';
import { useTimerActions } from './useTimers';

/**
 * The timer widget popup (480 px, doc 2 §2): the live time, pause/resume, and stop, which completes the log with the
 * timer's minutes and a description (required for task logs).
 */
export function TimerWidget({ log, onClose }: { log: TimeLog; onClose(): void }) {
  const actions = useTimerActions();
  const [description, setDescription] = useState(log.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const running = log.status === 'running';

  const stop = () => {
    // Doc 2 §5: the description is required for task timelogs only.
    if (log.task && !description.trim()) {
      setError(MESSAGES.inputComment);
      return;
    }
    const minutes = elapsedMinutes(log, Date.now());
    if (minutes <= 0) {
      setError(MESSAGES.timeAboveZero);
      return;
    }
    actions.complete.mutate(
      {
        taskUuid: log.task?.uuid ?? '',
        log,
        minutes,
        date: log.date || localIsoDate(new Date()),
        description: description.trim(),
      },
      {
        onSuccess: () => {
          reportSuccess('Time entry added');
          onClose();
        },
      },
    );
  };

  return (
    <Modal open width={480} title="Timer" footer={null} onCancel={onClose} data-testid="timer-widget">
      <Typography.Paragraph strong data-testid="timer-widget-task">
        {log.task?.title ?? log.request?.subject ?? 'Time log'}
      </Typography.Paragraph>
      <div className="timer-widget-clock">
        <TimerClock log={log} testId="timer-widget-clock" />
      </div>
      <Input.TextArea
        rows={2}
        placeholder="What did you work on?"
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setError(null);
        }}
        status={error === MESSAGES.inputComment ? 'error' : undefined}
        data-testid="timer-widget-description"
      />
      {error ? (
        <Typography.Text type="danger" data-testid="timer-widget-error">
          {error}
        </Typography.Text>
      ) : null}
      <Space style={{ marginTop: 12 }}>
        <Button
          icon={running ? <PauseOutlined /> : <PlayCircleOutlined />}
          loading={actions.pause.isPending || actions.start.isPending}
          onClick={() =>
            running ? actions.pause.mutate(log) : actions.start.mutate({ taskUuid: log.task?.uuid ?? '', log })
          }
          data-testid="timer-widget-toggle"
        >
          {running ? 'Pause' : 'Resume'}
        </Button>
        <Button type="primary" loading={actions.complete.isPending} onClick={stop} data-testid="timer-widget-stop">
          Stop and save
        </Button>
      </Space>
    </Modal>
  );
}
