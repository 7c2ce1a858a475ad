import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('pat  harbour lights')).toBe('PH');
    expect(initials('Robin')).toBe('R');
    expect(initials(' ')).toBe('');
  });
});
