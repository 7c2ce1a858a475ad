import { describe, expect, it } from 'vitest';
import { parseSearchTerm } from './search-terms';

/** The starts-with tier reads the index range [phrase, phraseEnd): the end must sit just above every continuation. */
describe('parseSearchTerm phraseEnd', () => {
  it('is the phrase with its last character one code point higher', () => {
    expect(parseSearchTerm('Scale RE')).toMatchObject({ phrase: 'scale re', phraseEnd: 'scale rf' });
    expect(parseSearchTerm('q')?.phraseEnd).toBe('r');
    expect(parseSearchTerm('plan 9')?.phraseEnd).toBe('plan :');
  });

  it("gives each word's end too, for the dictionary's range of the words it starts", () => {
    expect(parseSearchTerm('Scale RE')).toMatchObject({ words: ['scale', 're'], wordEnds: ['scalf', 'rf'] });
  });

  it('steps a character outside the basic plane as one character, not as half of a surrogate pair', () => {
    // U+20000 is a CJK letter written in UTF-16 as two units.
    expect(parseSearchTerm('a\u{20000}')?.phraseEnd).toBe('a\u{20001}');
  });
});
