import type { ListMeta } from '@portal/domain';

/** page[size] / page[number] after the contract's defaults. */
export type PageQuery = { size: number; number: number };

export function pageOffset(page: PageQuery): number {
  return (page.number - 1) * page.size;
}

/** The `meta` every list answers: total rows, the page asked for, the last page (at least 1) and the page size. */
export function listMeta(total: number, page: PageQuery): ListMeta {
  return {
    total,
    current_page: page.number,
    last_page: Math.max(1, Math.ceil(total / page.size)),
    per_page: page.size,
  };
}

/** An ILIKE pattern matching the term anywhere, with the pattern characters of the term escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
