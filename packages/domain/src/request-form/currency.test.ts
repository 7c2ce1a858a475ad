import { describe, expect, it } from 'vitest';
import { formatCurrency, parseCurrency } from './currency';

describe('currency', () => {
  it('keeps digits only', () => {
    expect(parseCurrency('$3,000')).toBe(3000);
    expect(parseCurrency('12a3')).toBe(123);
    expect(parseCurrency('-50')).toBe(50);
  });

  it('drops cents instead of reading them as dollars', () => {
    expect(parseCurrency('$3,000.50')).toBe(3000);
  });

  it('reads no digits as no amount', () => {
    expect(parseCurrency('')).toBeNull();
    expect(parseCurrency('$')).toBeNull();
  });

  it('shows whole US dollars', () => {
    expect(formatCurrency(3000)).toBe('$3,000');
    expect(formatCurrency(50000)).toBe('$50,000');
    expect(formatCurrency(0)).toBe('$0');
    expect(formatCurrency(1234.9)).toBe('$1,234');
  });
});
