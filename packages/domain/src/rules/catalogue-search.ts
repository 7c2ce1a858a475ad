/**
 * The service catalogue's search (the Services screen, the new-request catalogue and GET request-types?search_term):
 * one rule, so the three agree. The catalogue is a few dozen types, so it is matched in code rather than by pg_trgm:
 * trigrams score a swapped pair of letters in a short word too low ('emial' → 'email' is 0.33, below global search's
 * 0.4), while an edit distance that counts a swap as one edit finds it.
 */

/** Typos are tolerated only from this word length: shorter words would match almost anything. */
export const CATALOGUE_TYPO_MIN_LENGTH = 4;

/** Lower case, accents folded: 'Café' and 'cafe' compare equal. */
function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Words of a text; a hyphenated word is also kept joined ('E-mail' → e, mail, email). */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const chunk of fold(text).split(/\s+/)) {
    const parts = chunk.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    words.push(...parts);
    if (parts.length > 1) {
      words.push(parts.join(''));
    }
  }
  return words;
}

/** Edit distance where a swap of two neighbouring letters counts as one edit (optimal string alignment). */
export function typoDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** One typed word against one word of the text: part of it, or close enough (one edit, two from 8 letters). */
function wordMatches(typed: string, word: string): boolean {
  if (word.includes(typed)) {
    return true;
  }
  if (typed.length < CATALOGUE_TYPO_MIN_LENGTH) {
    return false;
  }
  const allowed = typed.length >= 8 ? 2 : 1;
  // Against the whole word and against its start, so a half-typed word may carry a typo too ('desgn' → design).
  return typoDistance(typed, word) <= allowed || typoDistance(typed, word.slice(0, typed.length + 1)) <= allowed;
}

/**
 * Whether a catalogue entry matches what was typed: its name or a tag holds every typed word (within a word, or with
 * a typo), or the description holds the term as written. An empty term matches everything.
 */
export function matchesCatalogueSearch(
  entry: { name: string; tags: readonly string[]; description?: string | null },
  term: string,
): boolean {
  const typed = wordsOf(term);
  if (typed.length === 0) {
    return true;
  }
  const words = wordsOf([entry.name, ...entry.tags].join(' '));
  if (typed.every((t) => words.some((w) => wordMatches(t, w)))) {
    return true;
  }
  return fold(entry.description ?? '').includes(fold(term.trim()));
}
