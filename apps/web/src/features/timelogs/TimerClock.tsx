import type { TimeLog } from '@portal/domain';
import { elapsedSeconds, formatClock } from './timer';
import { useNow } from './useNow';

/** A timer's time, ticking every second while it runs (from the server's started_at). */
export function TimerClock({ log, testId }: { log: TimeLog; testId?: string }) {
  const now = useNow(log.status === 'running');
  return (
    <span className="timer-clock" data-testid={testId} data-status={log.status}>
      {formatClock(elapsedSeconds(log, now))}
    </span>
  );
}
