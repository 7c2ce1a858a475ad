import type { TimerStatus } from '@portal/domain';

/** The timer-relevant part of a stored time log. */
export type TimerState = {
  status: TimerStatus;
  /** Accumulated minutes; for a running log, what was accumulated before started_at. */
  minutes: number;
  startedAt: Date | null;
  date: string;
  description: string | null;
};

export type TimerChange = {
  status?: TimerStatus;
  minutes?: number;
  date?: string;
  description?: string | null;
};

/** Whole minutes since `startedAt` (never negative, so a clock step back cannot subtract time). */
export function minutesSince(startedAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 60_000));
}

/** What the timer shows: the accumulated minutes plus the running time, measured by the server's clock. */
export function elapsedMinutes(state: Pick<TimerState, 'status' | 'minutes' | 'startedAt'>, now: Date): number {
  if (state.status === 'running' && state.startedAt) {
    return state.minutes + minutesSince(state.startedAt, now);
  }
  return state.minutes;
}

function cleanDescription(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The state a PUT leads to (doc 2 §4): running = start or resume (started_at = now); paused = pause, keeping the
 * accumulated minutes; completed = add entry with minutes = max(timer, typed). While a log stays running, typed
 * minutes larger than the timer restart it from that value. Editing a paused or completed log replaces its minutes.
 */
export function nextTimerState(current: TimerState, change: TimerChange, now: Date): TimerState {
  const status = change.status ?? current.status;
  const typed = change.minutes;
  const elapsed = elapsedMinutes(current, now);
  let minutes = current.minutes;
  let startedAt: Date | null = null;

  if (status === 'running') {
    if (current.status === 'running') {
      startedAt = current.startedAt ?? now;
      if (typed !== undefined && typed > elapsed) {
        minutes = typed;
        startedAt = now;
      }
    } else {
      minutes = typed ?? current.minutes;
      startedAt = now;
    }
  } else if (current.status === 'running') {
    minutes = Math.max(elapsed, typed ?? 0);
  } else if (status === 'completed' && current.status === 'paused') {
    minutes = Math.max(current.minutes, typed ?? 0);
  } else {
    minutes = typed ?? current.minutes;
  }

  return {
    status,
    minutes,
    startedAt,
    date: change.date ?? current.date,
    description: change.description === undefined ? current.description : cleanDescription(change.description),
  };
}

/** True when saving `next` would change nothing the user can see (an unchanged log is not saved). */
export function isSameTimerState(a: TimerState, b: TimerState): boolean {
  return (
    a.status === b.status &&
    a.minutes === b.minutes &&
    (a.startedAt?.getTime() ?? null) === (b.startedAt?.getTime() ?? null) &&
    a.date === b.date &&
    (a.description ?? null) === (b.description ?? null)
  );
}

export { cleanDescription };
