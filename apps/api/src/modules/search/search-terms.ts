/**
 * Turns what someone typed into the parts of a global search, or null when nothing searchable is left.
 *
 * Only letters and digits survive (accents folded, case lowered), so the tsquery built here can never hold a
 * tsquery operator, a LIKE wildcard, a quote, a backslash or a null byte: hostile input ends as "no words", never
 * as a syntax error. The database folds accents again (portal_search_text) for what is stored.
 */
export type SearchTerms = {
  /** 'acme:* & corp:*': every word, each as a prefix. */
  prefixQuery: string;
  /** The words joined by spaces, compared with stored text for exact and starts-with ranking and for typos. */
  phrase: string;
  /**
   * The smallest text above every text starting with the phrase (its last character's code point plus one), so the
   * starts-with tier is a plain range of the text_pattern_ops index even when planned for any phrase (a parameter).
   */
  phraseEnd: string;
  /** The words in the order typed; the typo tier corrects each long one on its own (typo-tier.ts). */
  words: string[];
  /** For each word, the smallest text above every word starting with it (as phraseEnd for the phrase). */
  wordEnds: string[];
  /** Typo tolerance only pays for longer words: short ones would match almost anything by trigrams. */
  fuzzy: boolean;
};

/** What is looked at of a term; a longer paste is cut rather than refused. */
const MAX_TERM_CHARS = 100;
const MAX_WORDS = 8;
export const FUZZY_MIN_WORD_LENGTH = 4;

/** Letters unaccent folds that canonical decomposition keeps whole. */
const FOLDS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (c) => FOLDS[c] ?? c);
}

/** The text with its last character one code point higher: the end of the index range of texts starting with it. */
function prefixEnd(text: string): string {
  // By characters, not UTF-16 units: the last may be a surrogate pair. It is a letter or digit, so one more is a
  // valid character; text_pattern_ops compares bytes, and UTF-8 keeps code point order.
  const characters = [...text];
  const last = characters.pop() ?? '';
  return characters.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** Whether a typed word is long enough to be corrected when misspelt. */
export function isFuzzyWord(word: string): boolean {
  return word.length >= FUZZY_MIN_WORD_LENGTH;
}

export function parseSearchTerm(raw: string): SearchTerms | null {
  const words = normalizeSearchText(raw.slice(0, MAX_TERM_CHARS))
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
  if (words.length === 0) {
    return null;
  }
  const phrase = words.join(' ');
  return {
    prefixQuery: words.map((word) => `${word}:*`).join(' & '),
    phrase,
    phraseEnd: prefixEnd(phrase),
    words,
    wordEnds: words.map(prefixEnd),
    fuzzy: words.some(isFuzzyWord),
  };
}
