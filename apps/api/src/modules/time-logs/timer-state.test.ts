import { describe, expect, it } from 'vitest';
import { elapsedMinutes, isSameTimerState, nextTimerState, type TimerState } from './timer-state';

const now = new Date('2026-11-20T15:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const base: TimerState = { status: 'paused', minutes: 0, startedAt: null, date: '2026-11-20', description: null };

describe('timer state', () => {
  it('counts whole minutes of a running timer on top of the accumulated ones, never negative', () => {
    expect(elapsedMinutes({ status: 'running', minutes: 10, startedAt: minutesAgo(5.9) }, now)).toBe(15);
    expect(elapsedMinutes({ status: 'running', minutes: 10, startedAt: minutesAgo(-3) }, now)).toBe(10);
    expect(elapsedMinutes({ status: 'paused', minutes: 10, startedAt: null }, now)).toBe(10);
  });

  it('pause accumulates, resume restarts the clock, add entry takes the greater time', () => {
    const running = { ...base, status: 'running' as const, minutes: 10, startedAt: minutesAgo(20) };
    expect(nextTimerState(running, { status: 'paused' }, now)).toMatchObject({ minutes: 30, startedAt: null });
    expect(nextTimerState({ ...base, minutes: 30 }, { status: 'running' }, now)).toMatchObject({
      minutes: 30,
      startedAt: now,
    });
    expect(nextTimerState(running, { status: 'completed', minutes: 45 }, now).minutes).toBe(45);
    expect(nextTimerState(running, { status: 'completed', minutes: 5 }, now).minutes).toBe(30);
  });

  it('sees an identical request as unchanged', () => {
    const completed = { ...base, status: 'completed' as const, minutes: 30, description: 'x' };
    expect(isSameTimerState(completed, nextTimerState(completed, { minutes: 30, description: ' x ' }, now))).toBe(true);
    expect(isSameTimerState(completed, nextTimerState(completed, { minutes: 31 }, now))).toBe(false);
  });
});
