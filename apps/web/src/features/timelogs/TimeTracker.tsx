import { PauseOutlined, PlayCircleOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { formatMinutes, type TimeLog } from '@portal/domain';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { reportSuccess } from '../../shell/feedback';
import { confirmIfClosed } from './confirmClosedTask';
import { StopTimer } from './StopTimer';
import { TimeEntryModal } from './TimeEntryModal';
import { TimerClock } from './TimerClock';
import { localIsoDate, minutesToTimeInput } from './timeEntry';
import { elapsedMinutes, entryMinutes } from './timer';
import { useActiveTimers, useTimerActions } from './useTimers';

/**
 * The drawer's time-tracking control (doc 2 §4): start (pausing any other running timer, server-side), pause, stop
 * (ends the timer and saves its entry, asking for the description inline), add entry (completes the timer with max(timer, typed) minutes) and reset (deletes the timer). The clock runs from the
 * server's started_at, so it is right after a reload.
 */
export function TimeTracker({
  task,
  users,
}: {
  task: { uuid: string; status: string; total_timelogs: number };
  users: { uuid: string; name: string }[];
}) {
  const ability = useAbility();
  const timers = useActiveTimers();
  const actions = useTimerActions();
  const [entryOpen, setEntryOpen] = useState(false);
  const log: TimeLog | undefined = timers.data?.find((t) => t.task?.uuid === task.uuid);
  const canLog = ability.can('TIMELOG_CREATE');
  const running = log?.status === 'running';

  return (
    <Space wrap data-testid="task-time-tracking">
      {log ? <TimerClock log={log} testId="task-timer-clock" /> : <span className="timer-clock">00:00:00</span>}
      {canLog ? (
        running ? (
          <Button
            icon={<PauseOutlined />}
            loading={actions.pause.isPending}
            onClick={() => actions.pause.mutate(log)}
            data-testid="task-timer-pause"
          >
            Pause
          </Button>
        ) : (
          <Button
            icon={<PlayCircleOutlined />}
            type="primary"
            ghost
            loading={actions.start.isPending}
            onClick={() => confirmIfClosed(task.status, () => actions.start.mutate({ taskUuid: task.uuid, log }))}
            data-testid="task-timer-start"
          >
            {log ? 'Resume' : 'Start'}
          </Button>
        )
      ) : null}
      {canLog && log ? <StopTimer log={log} testId="task-timer-stop" /> : null}
      {canLog ? (
        <Button
          icon={<PlusOutlined />}
          onClick={() => confirmIfClosed(task.status, () => setEntryOpen(true))}
          data-testid="task-timer-add-entry"
        >
          Add entry
        </Button>
      ) : null}
      {log ? (
        <Popconfirm
          title="Reset this timer? Its time is discarded."
          okText="Yes"
          cancelText="No"
          onConfirm={() => actions.reset.mutate(log)}
          okButtonProps={{ 'data-testid': 'task-timer-reset-confirm' } as never}
        >
          <Button icon={<UndoOutlined />} loading={actions.reset.isPending} data-testid="task-timer-reset">
            Reset
          </Button>
        </Popconfirm>
      ) : null}
      <Tooltip title="Completed time on this task">
        <span className="task-total-time" data-testid="task-total-time">
          Total {formatMinutes(task.total_timelogs)}
        </span>
      </Tooltip>
      {entryOpen ? (
        <TimeEntryModal
          title="Add time entry"
          users={users}
          initial={{
            time: minutesToTimeInput(log ? elapsedMinutes(log, Date.now()) : 0).replace(/^00:00$/, ''),
            date: localIsoDate(new Date()),
            description: log?.description,
          }}
          saving={actions.complete.isPending}
          onCancel={() => setEntryOpen(false)}
          onSubmit={(values) =>
            actions.complete.mutate(
              {
                taskUuid: task.uuid,
                log,
                // Minutes are the greater of the running timer and the typed time (doc 2 §4).
                minutes:
                  log && (!values.userUuid || values.userUuid === log.user.uuid)
                    ? entryMinutes(elapsedMinutes(log, Date.now()), values.minutes)
                    : values.minutes,
                date: values.date,
                description: values.description,
                userUuid: values.userUuid,
              },
              {
                onSuccess: () => {
                  reportSuccess('Time entry added');
                  setEntryOpen(false);
                },
              },
            )
          }
        />
      ) : null}
    </Space>
  );
}
