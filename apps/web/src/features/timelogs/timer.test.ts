import { describe, expect, it } from 'vitest';
import { elapsedMinutes, elapsedSeconds, entryMinutes, formatClock, parseServerTime } from './timer';

const NOW = Date.parse('2026-05-04T10:00:00Z');

describe('timer elapsed time (server started_at is the truth)', () => {
  it('adds the running stretch since started_at to the accumulated minutes', () => {
    const timer = { status: 'running' as const, minutes: 10, started_at: '2026-05-04T09:30:00Z' };
    expect(elapsedSeconds(timer, NOW)).toBe(40 * 60);
    expect(elapsedMinutes(timer, NOW)).toBe(40);
  });
  it('reads the spec start-time format as UTC', () => {
    expect(parseServerTime('2026-05-04 09:59:30')).toBe(Date.parse('2026-05-04T09:59:30Z'));
    expect(elapsedSeconds({ status: 'running', minutes: 0, started_at: '2026-05-04 09:59:30' }, NOW)).toBe(30);
  });
  it('a paused timer shows only its accumulated minutes', () => {
    expect(elapsedSeconds({ status: 'paused', minutes: 25, started_at: '2026-05-04T01:00:00Z' }, NOW)).toBe(1500);
  });
  it('never goes negative when the client clock is behind', () => {
    expect(elapsedSeconds({ status: 'running', minutes: 0, started_at: '2026-05-04T10:05:00Z' }, NOW)).toBe(0);
  });
  it('formats a clock and picks the greater of timer and typed minutes', () => {
    expect(formatClock(3725)).toBe('01:02:05');
    expect(entryMinutes(30, 45)).toBe(45);
    expect(entryMinutes(50, Number.NaN)).toBe(50);
  });
});
