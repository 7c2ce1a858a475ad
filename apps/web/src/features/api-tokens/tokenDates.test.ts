import { API_TOKEN_MAX_DAYS, isApiTokenExpiryAllowed } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../common/dateTime';
import { EXPIRY_CHOICES, expiryFrom, isExpired } from './tokenDates';

describe('token dates', () => {
  it('offers only expiries the API accepts, the longest one year', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    for (const choice of EXPIRY_CHOICES) {
      expect(isApiTokenExpiryAllowed(new Date(expiryFrom(choice.days, now)), now)).toBe(true);
    }
    expect(Math.max(...EXPIRY_CHOICES.map((c) => c.days))).toBeLessThanOrEqual(API_TOKEN_MAX_DAYS);
  });

  it('says Never for a token not used yet, and tells expired tokens apart', () => {
    expect(formatDateTime(null)).toBe('Never');
    expect(formatDateTime('2026-03-01T10:05:00')).toBe('03/01/2026 10:05');
    const now = new Date('2026-03-01T10:00:00Z');
    expect(isExpired('2026-03-01T09:59:59Z', now)).toBe(true);
    expect(isExpired('2026-03-01T10:00:01Z', now)).toBe(false);
  });
});
