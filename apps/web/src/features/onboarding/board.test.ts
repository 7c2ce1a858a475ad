import type { OnboardingBoardCard, OnboardingBoardColumn } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { clientsText, columnPages, daysSince, mergeColumnPages, stuckText } from './board';

let n = 0;
const card = (change: Partial<OnboardingBoardCard> = {}): OnboardingBoardCard => {
  n += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    customer: { uuid: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`, business_name: `Client ${n}` },
    progress: 50,
    owner: null,
    days_stuck: 0,
    ...change,
  };
};
const column = (key: string, total: number, cards: OnboardingBoardCard[]): OnboardingBoardColumn => ({
  key,
  name: key,
  total,
  cards,
});

describe('onboarding board', () => {
  it('keeps the columns in the order the server answers, each with its total and whether it holds more', () => {
    const a = card();
    const merged = mergeColumnPages([column('welcome', 3, [a]), column('done', 0, [])], new Map());
    expect(merged).toEqual([
      { key: 'welcome', name: 'welcome', total: 3, cards: [a], hasMore: true },
      { key: 'done', name: 'done', total: 0, cards: [], hasMore: false },
    ]);
  });

  it('appends a column’s further pages after its first, once each card, and stops offering more when all are shown', () => {
    const [a, b, c] = [card(), card(), card()];
    // A live refresh moved b onto both pages: it stays where it first showed.
    const merged = mergeColumnPages(
      [column('welcome', 3, [a, b]), column('requirements', 1, [card()])],
      new Map([['welcome', [column('welcome', 3, [b, c])]]]),
    );
    expect(merged[0]?.cards).toEqual([a, b, c]);
    expect(merged[0]?.hasMore).toBe(false);
    expect(merged[1]?.cards).toHaveLength(1);
  });

  it('gathers "Show more" answers by column in page order, skipping pages still loading', () => {
    const [p2, p3, other] = [card(), card(), card()];
    const pages = columnPages(
      [
        { key: 'welcome', page: 3 },
        { key: 'requirements', page: 2 },
        { key: 'welcome', page: 2 },
        { key: 'welcome', page: 4 },
      ],
      [
        { data: [column('welcome', 9, [p3])] },
        { data: [column('requirements', 9, [other])] },
        { data: [column('welcome', 9, [p2])] },
        undefined,
      ],
    );
    expect(pages.get('welcome')?.map((c) => c.cards[0])).toEqual([p2, p3]);
    expect(pages.get('requirements')?.map((c) => c.cards[0])).toEqual([other]);
  });

  it('says how many clients a column holds', () => {
    expect(clientsText(0)).toBe('0 clients');
    expect(clientsText(1)).toBe('1 client');
    expect(clientsText(12)).toBe('12 clients');
  });

  it('says how long a step is stuck only once it is', () => {
    expect(stuckText(0)).toBeNull();
    expect(stuckText(1)).toBe('1 day stuck');
    expect(stuckText(4)).toBe('4 days stuck');
  });

  it('counts whole days since an instant, never below zero', () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    expect(daysSince('2026-11-25T13:00:00.000Z', now)).toBe(1);
    expect(daysSince('2026-11-28T00:00:00.000Z', now)).toBe(0);
  });
});
