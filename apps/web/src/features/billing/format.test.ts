import { describe, expect, it } from 'vitest';
import { formatDay, safeHttpsUrl } from './format';

describe('billing formats', () => {
  it('shows a due day as that calendar day whatever the browser zone', () => {
    expect(formatDay('2026-03-09')).toBe('Mar 9, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('links only https invoice pages', () => {
    expect(safeHttpsUrl('https://invoice.stripe.com/i/acct_1/abc')).toBe('https://invoice.stripe.com/i/acct_1/abc');
    expect(safeHttpsUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpsUrl('http://invoice.stripe.com/i/1')).toBeNull();
    expect(safeHttpsUrl('not a url')).toBeNull();
    expect(safeHttpsUrl(null)).toBeNull();
  });
});
