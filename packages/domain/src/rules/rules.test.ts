import { describe, expect, it } from 'vitest';
import { formatMinutes } from './duration';
import { EMAIL_PATTERN, normalizeEmail } from './email';
import { versionLabel } from './version';
import { isWeeklyTotalBehind, WEEKLY_MINUTES_THRESHOLDS } from './weekly-hours';

describe('weekly hours summary', () => {
  it('uses the thresholds of doc 1 §9, Sunday to Saturday', () => {
    expect(WEEKLY_MINUTES_THRESHOLDS).toEqual([0, 0, 450, 900, 1350, 1800, 2250]);
  });

  it('turns red only below the day threshold', () => {
    expect(isWeeklyTotalBehind(0, 1)).toBe(false);
    expect(isWeeklyTotalBehind(449, 2)).toBe(true);
    expect(isWeeklyTotalBehind(450, 2)).toBe(false);
    expect(isWeeklyTotalBehind(2249, 6)).toBe(true);
    expect(() => isWeeklyTotalBehind(0, 7)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('shows minutes as hh:mm', () => {
    expect(formatMinutes(0)).toBe('00:00');
    expect(formatMinutes(600)).toBe('10:00');
    expect(formatMinutes(75)).toBe('01:15');
    expect(formatMinutes(-30)).toBe('-00:30');
  });

  it('labels the version with the first six characters of the build hash', () => {
    expect(versionLabel('0123456789abcdef')).toBe('012345');
  });

  it('checks e-mail addresses with the standard pattern', () => {
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
    expect(EMAIL_PATTERN.test('not an email')).toBe(false);
    expect(normalizeEmail('  Admin@Demo.Test ')).toBe('admin@demo.test');
  });
});
