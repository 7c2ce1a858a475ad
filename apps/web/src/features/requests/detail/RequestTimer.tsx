import { PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useAbility } from '../../../auth/useAbility';
import { StopTimer } from '../../timelogs/StopTimer';
import { TimerClock } from '../../timelogs/TimerClock';
import { useActiveTimers, useTimerActions } from '../../timelogs/useTimers';

/**
 * A request's timer (doc 2 §1: time is logged by timer or by entry on tasks and requests): the same timers as a
 * task's, so starting one pauses whatever else runs (one running timer per person, kept by the server), with Pause /
 * Resume and Stop, which ends it and saves the entry. Hidden without TIMELOG_CREATE.
 */
export function RequestTimer({ requestUuid }: { requestUuid: string }) {
  const ability = useAbility();
  const timers = useActiveTimers();
  const actions = useTimerActions();
  if (!ability.can('TIMELOG_CREATE') || !timers.data) {
    return null;
  }
  const log = timers.data.find((t) => t.request?.uuid === requestUuid);
  const running = log?.status === 'running';
  return (
    <Space wrap size="small" data-testid="request-time-tracking">
      {log ? <TimerClock log={log} testId="request-timer-clock" /> : null}
      {running && log ? (
        <Button
          size="small"
          icon={<PauseOutlined />}
          loading={actions.pause.isPending}
          onClick={() => actions.pause.mutate(log)}
          data-testid="request-timer-pause"
        >
          Pause
        </Button>
      ) : (
        <Button
          size="small"
          icon={<PlayCircleOutlined />}
          loading={actions.start.isPending}
          onClick={() => actions.start.mutate({ taskUuid: '', requestUuid, log })}
          data-testid="request-timer-start"
        >
          {log ? 'Resume' : 'Start timer'}
        </Button>
      )}
      {log ? <StopTimer log={log} size="small" testId="request-timer-stop" /> : null}
    </Space>
  );
}
