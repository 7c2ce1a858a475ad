import { describe, expect, it } from 'vitest';
import { parseSearchTerm, type SearchTerms } from './search-terms';
import { typoQuery } from './typo-tier';

const terms = (raw: string) => parseSearchTerm(raw) as SearchTerms;

/** The typo tier's tsquery: each word as its prefix or a correction, less what the words tier found. */
describe('typoQuery', () => {
  it('offers each corrected word beside its own prefix and keeps the other words as prefixes', () => {
    const corrections = new Map([['brigthon', ['brighton', 'brightwater']]]);
    expect(typoQuery(terms('Brigthon bak'), corrections)).toBe(
      '((brigthon:* | brighton | brightwater) & bak:*) & !(brigthon:* & bak:*)',
    );
  });

  it('is null when no word has a correction: the words tier answered that query already', () => {
    expect(typoQuery(terms('requests'), new Map())).toBeNull();
    expect(typoQuery(terms('requests'), new Map([['requests', []]]))).toBeNull();
  });

  it('never lets a correction that is not a plain word into the query', () => {
    const corrections = new Map([['logos', ["x' | y", 'a:*', 'logo']]]);
    expect(typoQuery(terms('logos'), corrections)).toBe('((logos:* | logo)) & !(logos:*)');
  });
});
