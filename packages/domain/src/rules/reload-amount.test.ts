import { describe, expect, it } from 'vitest';
import { formatReloadInput, minutesToReload, reloadToMinutes } from './reload-amount';

describe('reload amount', () => {
  it('divides typed digits by 100 and shows hours:minutes', () => {
    expect(formatReloadInput('1000')).toBe('10:00');
    expect(formatReloadInput('130')).toBe('1:30');
    expect(formatReloadInput('5')).toBe('0:05');
    expect(formatReloadInput('10:00')).toBe('10:00');
    expect(formatReloadInput('1a2b0c0')).toBe('12:00');
  });

  it('shows zero as empty', () => {
    expect(formatReloadInput('0')).toBe('');
    expect(formatReloadInput('000')).toBe('');
    expect(formatReloadInput('')).toBe('');
    expect(minutesToReload(0)).toBe('');
  });

  it('converts a value with a colon to minutes before sending', () => {
    expect(reloadToMinutes('10:00')).toBe(600);
    expect(reloadToMinutes('1:30')).toBe(90);
    expect(reloadToMinutes('0:05')).toBe(5);
    expect(reloadToMinutes('')).toBe(0);
    expect(reloadToMinutes(600)).toBe(600);
    expect(reloadToMinutes('abc')).toBeNaN();
  });

  it('shows stored minutes as hours:minutes, and round-trips', () => {
    expect(minutesToReload(600)).toBe('10:00');
    expect(minutesToReload(90)).toBe('1:30');
    for (const minutes of [5, 59, 60, 61, 600, 1234]) {
      expect(reloadToMinutes(minutesToReload(minutes))).toBe(minutes);
    }
  });
});
