import { SpriteIcon } from '../../components/SpriteIcon/SpriteIcon';
import './timelogs.css';
import type { TimeLog } from '@portal/domain';
import { Button, type DropdownProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ColourTag } from '../../components/ColourTag/ColourTag';
import { CountBadge } from '../../components/CountBadge/CountBadge';
import { LazyDropdown } from '../../components/LazyOverlay';
import { useIsNarrow } from '../../layout/useMediaQuery';
import { StopTimer } from './StopTimer';
import { TimerClock } from './TimerClock';
import { useActiveTimers, useTimerActions } from './useTimers';

// The widget (a modal with a form) loads when a timer is opened, not with the header.
const TimerWidget = lazy(() => import('./TimerWidget').then((m) => ({ default: m.TimerWidget })));

/** The address of the current screen with the task drawer opened on `taskUuid`. */
function useTaskLink() {
  const location = useLocation();
  return (taskUuid: string) => {
    const params = new URLSearchParams(location.search);
    params.set('task_uuid', taskUuid);
    return `${location.pathname}?${params.toString()}`;
  };
}

/**
 * Header: running and paused timers, each linking to its task or request, with pause/resume, Stop (ends it and saves
 * the entry) and the timer widget (doc 1 §2, §2).
 */
export function ActiveTimers() {
  const timers = useActiveTimers();
  // On a phone the header keeps the icon and count only.
  const narrow = useIsNarrow();
  const actions = useTimerActions();
  const taskLink = useTaskLink();
  const [open, setOpen] = useState(false);
  const [widgetUuid, setWidgetUuid] = useState<string | null>(null);
  const logs = timers.data ?? [];
  const running = logs.find((log) => log.status === 'running');
  const widgetLog = logs.find((log) => log.uuid === widgetUuid);

  if (!timers.data) {
    return null;
  }

  const row = (log: TimeLog) => (
    <div key={log.uuid} className="active-timer-row" data-testid="active-timer">
      {log.task ? (
        <Link to={taskLink(log.task.uuid)} onClick={() => setOpen(false)} data-testid="active-timer-task">
          {log.task.title}
        </Link>
      ) : log.request ? (
        // A request's time lives on its own screen, not in a drawer.
        <Link to={`/requests/${log.request.uuid}`} onClick={() => setOpen(false)} data-testid="active-timer-request">
          {log.request.subject}
        </Link>
      ) : (
        <span>Time log</span>
      )}
      <ColourTag colour={log.status === 'running' ? 'green' : 'orange'}>
        {log.status === 'running' ? 'Running' : 'Paused'}
      </ColourTag>
      <TimerClock log={log} testId="active-timer-clock" />
      <Button
        size="small"
        icon={log.status === 'running' ? <SpriteIcon name="PauseOutlined" /> : <SpriteIcon name="PlayCircleOutlined" />}
        aria-label={log.status === 'running' ? 'Pause' : 'Resume'}
        loading={actions.pause.isPending || actions.start.isPending}
        onClick={() =>
          log.status === 'running'
            ? actions.pause.mutate(log)
            : actions.start.mutate({ taskUuid: log.task?.uuid ?? '', log })
        }
        data-testid="active-timer-toggle"
      />
      <StopTimer log={log} size="small" testId="active-timer-stop" />
      <Button
        size="small"
        onClick={() => {
          setWidgetUuid(log.uuid);
          setOpen(false);
        }}
        data-testid="active-timer-widget"
      >
        Open
      </Button>
    </div>
  );

  return (
    <>
      <LazyDropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        // Shifted into the screen where its width would run past an edge (the header's button on a phone).
        autoAdjustOverflow={{ adjustX: 1, adjustY: 1, shiftX: true } as DropdownProps['autoAdjustOverflow']}
        popupRender={() => (
          <div className="active-timers-panel" data-testid="active-timers-panel">
            <div className="active-timers-title">Active timers</div>
            {logs.length === 0 ? <p className="active-timers-empty">No active timers</p> : logs.map(row)}
          </div>
        )}
      >
        <Button type="text" data-testid="active-timers" aria-label="Active timers">
          <CountBadge count={logs.length} tone={running ? 'green' : 'orange'}>
            <SpriteIcon name="ClockCircleOutlined" />
          </CountBadge>
          {running && !narrow ? <TimerClock log={running} testId="header-running-clock" /> : null}
        </Button>
      </LazyDropdown>
      {widgetLog ? (
        <Suspense fallback={null}>
          <TimerWidget log={widgetLog} onClose={() => setWidgetUuid(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
