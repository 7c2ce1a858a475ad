import { isWeeklyTotalBehind } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  daysBetweenIso,
  formatTimeInput,
  isoToUsDate,
  isoWeekday,
  isTimeAboveZero,
  minutesToTimeInput,
  timeInputToMinutes,
  usDateToIso,
} from './timeEntry';

describe('time field (HH:MM from digits)', () => {
  it('formats typed digits as HH:MM, the last two digits being minutes', () => {
    expect(formatTimeInput('1')).toBe('00:01');
    expect(formatTimeInput('130')).toBe('01:30');
    expect(formatTimeInput('0130')).toBe('01:30');
    expect(formatTimeInput('1245')).toBe('12:45');
    expect(formatTimeInput('01:305')).toBe('13:05');
  });
  it('drops everything but digits and shows nothing for zero', () => {
    expect(formatTimeInput('')).toBe('');
    expect(formatTimeInput('ab')).toBe('');
    expect(formatTimeInput('00:00')).toBe('');
  });
  it('keeps at most four digits', () => {
    expect(formatTimeInput('12345')).toBe('23:45');
  });
  it('reads HH:MM as minutes and refuses 00:00', () => {
    expect(timeInputToMinutes('01:30')).toBe(90);
    expect(timeInputToMinutes('x')).toBeNaN();
    expect(isTimeAboveZero('00:00')).toBe(false);
    expect(isTimeAboveZero('')).toBe(false);
    expect(isTimeAboveZero('00:01')).toBe(true);
    expect(minutesToTimeInput(135)).toBe('02:15');
  });
});

describe('dates typed MM/DD/YYYY, sent YYYY-MM-DD', () => {
  it('converts both ways', () => {
    expect(usDateToIso('03/07/2026')).toBe('2026-03-07');
    expect(usDateToIso('3/7/2026')).toBe('2026-03-07');
    expect(isoToUsDate('2026-03-07')).toBe('03/07/2026');
    expect(isoToUsDate('2026-03-07T10:00:00Z')).toBe('03/07/2026');
  });
  it('refuses impossible dates and other shapes', () => {
    expect(usDateToIso('02/30/2026')).toBeNull();
    expect(usDateToIso('13/01/2026')).toBeNull();
    expect(usDateToIso('2026-03-07')).toBeNull();
    expect(isoToUsDate(null)).toBe('');
  });
  it('counts calendar days across month and year ends', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetweenIso('2026-01-30', '2026-03-01')).toBe(30);
  });
});

describe('weekly-hours weekday', () => {
  it('reads the agency day as a weekday for the thresholds', () => {
    expect(isoWeekday('2026-11-22')).toBe(0);
    expect(isoWeekday('2026-11-24')).toBe(2);
    expect(isWeeklyTotalBehind(449, isoWeekday('2026-11-24'))).toBe(true);
    expect(isWeeklyTotalBehind(450, isoWeekday('2026-11-24'))).toBe(false);
  });
});
