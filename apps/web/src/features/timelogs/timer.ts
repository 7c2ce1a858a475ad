import type { TimerStatus } from '@portal/domain';

/**
 * A timer as the server keeps it (doc 2 §4): the minutes accumulated so far, plus, while it runs, the moment it was
 * (re)started. The server's started_at is the truth, so the elapsed time is right after a reload or on another device.
 */
export interface TimerLike {
  status: TimerStatus;
  minutes: number;
  started_at: string | null;
}

/** Seconds a timer shows at `now`: accumulated minutes, plus the running stretch since started_at. */
export function elapsedSeconds(timer: TimerLike, now: number): number {
  const base = Math.max(0, timer.minutes) * 60;
  if (timer.status !== 'running' || !timer.started_at) {
    return base;
  }
  const started = parseServerTime(timer.started_at);
  if (!Number.isFinite(started)) {
    return base;
  }
  return base + Math.max(0, Math.floor((now - started) / 1000));
}

/** Whole minutes a timer holds at `now` (what pause stores). */
export function elapsedMinutes(timer: TimerLike, now: number): number {
  return Math.floor(elapsedSeconds(timer, now) / 60);
}

/** Seconds → 'HH:MM:SS' for a ticking timer. */
export function formatClock(totalSeconds: number): string {
  const safe = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(safe / 3600);
  const m = Math.floor((safe % 3600) / 60);
  const s = safe % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * started_at arrives as an ISO instant or as 'YYYY-MM-DD HH:mm:ss' (doc 2 §9's start-time format, which the API
 * writes in UTC).
 */
export function parseServerTime(text: string): number {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  return Date.parse(iso);
}

/** The minutes a completed entry stores: the greater of the running timer and the typed time (doc 2 §4). */
export function entryMinutes(timerMinutes: number, typedMinutes: number): number {
  return Math.max(timerMinutes || 0, Number.isFinite(typedMinutes) ? typedMinutes : 0);
}
