import { describe, expect, it } from 'vitest';
import { emailField } from '../contracts/common';
import { formatMinutes } from './duration';
import { EMAIL_PATTERN, isPlainAsciiEmail, normalizeEmail } from './email';
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

describe('e-mail normalisation (one place for every path)', () => {
  it('folds compatibility forms, strips invisible characters and lower-cases', () => {
    expect(normalizeEmail(' Ad\u200Bmin@De\u200Dmo.Test\uFEFF ')).toBe('admin@demo.test');
    expect(normalizeEmail('ａｄｍｉｎ@demo.test')).toBe('admin@demo.test');
    expect(normalizeEmail('ad\u00ADmin@demo.test')).toBe('admin@demo.test');
    expect(normalizeEmail('admin\u2060@demo.test')).toBe('admin@demo.test');
  });

  it('is what emailField stores', () => {
    expect(emailField.parse('Ad\u200Bmin@Demo.Test')).toBe('admin@demo.test');
    expect(emailField.safeParse('\u200B').success).toBe(false);
  });

  it('tells plain ASCII addresses from ones with look-alike letters', () => {
    expect(isPlainAsciiEmail('admin@demo.test')).toBe(true);
    expect(isPlainAsciiEmail('\u0430dmin@demo.test')).toBe(false);
  });
});
