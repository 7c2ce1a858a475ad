import { describe, expect, it } from 'vitest';
import { centsToInput, inputToCents } from './rateInput';

describe('rate inputs', () => {
  it('shows cents as dollars with two decimals, blank for no rate', () => {
    expect(centsToInput(15_000)).toBe('150.00');
    expect(centsToInput(123_456)).toBe('1234.56');
    expect(centsToInput(null)).toBe('');
  });

  it('reads typed dollars as cents; blank is no rate, anything else unreadable', () => {
    expect(inputToCents('150')).toBe(15_000);
    expect(inputToCents('$1,234.5')).toBe(123_450);
    expect(inputToCents('  ')).toBeNull();
    expect(inputToCents('12.345')).toBeNaN();
    expect(inputToCents('-5')).toBeNaN();
  });
});
