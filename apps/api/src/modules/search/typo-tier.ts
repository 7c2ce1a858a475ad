import { type SQL, sql } from 'drizzle-orm';
import { isFuzzyWord, type SearchTerms } from './search-terms';

/**
 * The typo tier (issue 24), as pg_trgm's documentation recommends for spelling correction: each long typed word is
 * corrected against `search_words`, the distinct words of every searched text (migration 0054, kept current by
 * triggers), and the corrected words then find rows through the full-text GIN indexes. Before, the tier compared the
 * whole phrase by trigrams with every title: 7–11 ms of PostgreSQL at the scale seed, its plan depending on how
 * common the term was. The dictionary holds 200,000 words there (mostly the seed's numbers); correcting a word reads a
 * few entries of its trigram index (0.05–0.4 ms).
 */

/** The handful of most similar words each typed word is corrected to. */
const CORRECTIONS_PER_WORD = 8;

/**
 * The dictionary words similar to each long typed word, per searched table (source, typed, word): word similarity ≥
 * pg_trgm.word_similarity_threshold (0.4, set per connection in db/client.ts — the threshold the tier compared whole
 * titles with before), the most similar first. Words starting with the typed word are left out: its prefix
 * (`word:*`) finds them already, and so are words shorter than the typed word less the edits the dropdown allows
 * (one, two from eight letters; `matchesTerm` in apps/web/src/search/searchResults.ts): their rows ('photo' for
 * 'photograpy') would be filtered out there. Only plain words (letters and digits) are corrections: the dictionary
 * also holds e-mails and paths, which 'scale' resembles in every scale contact's address. Its own statement, read only when a group found fewer than a group's worth: inside
 * the search statement, its generic plan (an unknown word matching 1,000 dictionary rows) looked ten times dearer than
 * a custom one, so PostgreSQL planned the whole statement again on every search (3 ms).
 */
export function correctionsStatement(terms: SearchTerms): SQL {
  const typed = sql.join(
    terms.words.filter(isFuzzyWord).map((word) => sql`(${word})`),
    sql`, `,
  );
  return sql`select corrected.source, typed.word as typed, corrected.word
    from (values ${typed}) as typed(word)
    cross join lateral (select ranked.source, ranked.word from (select sw.source, sw.word,
        row_number() over (partition by sw.source order by word_similarity(typed.word, sw.word) desc, sw.word) as n
      from search_words sw
      where typed.word <% sw.word and not starts_with(sw.word, typed.word)
        and char_length(sw.word) >= char_length(typed.word) - (case when char_length(typed.word) >= 8 then 2 else 1 end)
        and sw.word ~ '^[[:alnum:]]+$'
    ) as ranked where ranked.n <= ${CORRECTIONS_PER_WORD}) as corrected`;
}

export type CorrectionRow = { source: string; typed: string; word: string };

/** The corrections answered, by searched table and typed word. */
export class Corrections {
  private readonly bySource = new Map<string, Map<string, string[]>>();

  constructor(rows: CorrectionRow[]) {
    for (const { source, typed, word } of rows) {
      const words = this.bySource.get(source) ?? new Map<string, string[]>();
      words.set(typed, [...(words.get(typed) ?? []), word]);
      this.bySource.set(source, words);
    }
  }

  of(source: string): ReadonlyMap<string, string[]> {
    return this.bySource.get(source) ?? new Map();
  }
}

/** Only letters and digits reach a tsquery, as for the typed words (search-terms.ts). */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The typo tier's tsquery: every typed word as its prefix or one of its corrections ('(brigthon:* | brighton) &
 * bak:*'), so a misspelt word and a correct one combine as the words tier's do, less what the words tier's query
 * matches (it found all of those already: a group reads the typo tier only when it found fewer than a group's worth).
 * Null when no word has a correction: the query would then match nothing new.
 */
export function typoQuery(terms: SearchTerms, corrections: ReadonlyMap<string, string[]>): string | null {
  let corrected = false;
  const parts = terms.words.map((word) => {
    const alternatives = (corrections.get(word) ?? []).filter((candidate) => PLAIN_WORD.test(candidate));
    if (alternatives.length === 0) {
      return `${word}:*`;
    }
    corrected = true;
    return `(${[`${word}:*`, ...alternatives].join(' | ')})`;
  });
  return corrected ? `(${parts.join(' & ')}) & !(${terms.prefixQuery})` : null;
}
