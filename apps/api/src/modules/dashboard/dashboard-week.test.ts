import { describe, expect, it } from 'vitest';
import { agencyWeekEnd } from './dashboard.query';

describe('agencyWeekEnd', () => {
  it('ends every day of a Monday-to-Sunday week on its Sunday, across a month end', () => {
    // 2026-11-23 is a Monday.
    for (const day of ['2026-11-23', '2026-11-25', '2026-11-28', '2026-11-29']) {
      expect(agencyWeekEnd(day)).toBe('2026-11-29');
    }
    expect(agencyWeekEnd('2026-11-30')).toBe('2026-12-06');
    expect(agencyWeekEnd('2026-12-31')).toBe('2027-01-03');
  });
});
