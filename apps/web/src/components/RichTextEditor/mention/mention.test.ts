import { describe, expect, it } from 'vitest';
import { mentionQueryAt } from './mentionQuery';

describe('mentionQueryAt', () => {
  it('finds the term typed after @ at a word start', () => {
    expect(mentionQueryAt('Hello @ma')).toEqual({ offset: 6, term: 'ma' });
    expect(mentionQueryAt('@')).toEqual({ offset: 0, term: '' });
  });

  it('ignores e-mail addresses and finished words', () => {
    expect(mentionQueryAt('mail me@agency')).toBeNull();
    expect(mentionQueryAt('Hello @max ')).toBeNull();
  });
});
