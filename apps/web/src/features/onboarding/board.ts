import type { OnboardingBoardCard, OnboardingBoardColumn } from '@portal/domain';

/** A column as the board draws it: its first page and the pages "Show more" added, one card per onboarding. */
export interface BoardColumn {
  key: string;
  name: string;
  total: number;
  cards: OnboardingBoardCard[];
  /** The column holds more than it shows: "Show more" asks for its next page. */
  hasMore: boolean;
}

/**
 * The board (GET onboardings/board, columns in process order with their first cards) with each column's further
 * pages appended in order. A live refresh can move an onboarding between pages while they reload, so a card is kept
 * once, where it first appears; the total is the first page's (the newest count of the column).
 */
export function mergeColumnPages(
  first: readonly OnboardingBoardColumn[],
  more: ReadonlyMap<string, readonly (OnboardingBoardColumn | undefined)[]>,
): BoardColumn[] {
  return first.map((column) => {
    const seen = new Set<string>();
    const cards: OnboardingBoardCard[] = [];
    const pages = [column, ...(more.get(column.key) ?? [])];
    for (const page of pages) {
      for (const card of page?.cards ?? []) {
        if (!seen.has(card.uuid)) {
          seen.add(card.uuid);
          cards.push(card);
        }
      }
    }
    return { key: column.key, name: column.name, total: column.total, cards, hasMore: cards.length < column.total };
  });
}

/** The "Show more" answers, each for one column (key) and page, gathered by column in page order. */
export function columnPages(
  asked: readonly { key: string; page: number }[],
  answers: readonly ({ data: readonly OnboardingBoardColumn[] } | undefined)[],
): Map<string, OnboardingBoardColumn[]> {
  const pages = new Map<string, OnboardingBoardColumn[]>();
  [...asked.keys()]
    .sort((a, b) => (asked[a]?.page ?? 0) - (asked[b]?.page ?? 0))
    .forEach((i) => {
      const key = asked[i]?.key ?? '';
      const column = answers[i]?.data.find((c) => c.key === key);
      if (column) {
        pages.set(key, [...(pages.get(key) ?? []), column]);
      }
    });
  return pages;
}

/** "12 clients" under a column's name. */
export function clientsText(total: number): string {
  return `${total} ${total === 1 ? 'client' : 'clients'}`;
}

/** "3 days stuck", or null while the step is within its time. */
export function stuckText(days: number): string | null {
  if (days <= 0) {
    return null;
  }
  return `${days} ${days === 1 ? 'day' : 'days'} stuck`;
}

/** Whole days from an instant to now, never negative (a clock a little ahead of the server's says 0). */
export function daysSince(iso: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000));
}
