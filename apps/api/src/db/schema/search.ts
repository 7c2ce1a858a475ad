import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Global search's spelling dictionary (issue 24, migration 0054): every distinct word of the texts the search covers,
 * as `portal_search_words()` cuts them, with the table it occurs in (`source`), so a correction is only looked for in
 * the groups where the corrected word exists. The typo tier corrects each typed word against this table (trigram
 * index `search_words_trgm_idx`, written in the migration) instead of scanning every title by trigrams. Triggers on
 * the searched tables add new words; a word whose rows are gone stays, harmlessly: it then matches nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    source: text().notNull(),
    word: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.word] })],
);
