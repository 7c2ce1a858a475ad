import type { OnboardingListItem, OnboardingStep } from '@portal/domain';

export interface BoardColumn {
  key: string;
  name: string;
  rows: OnboardingListItem[];
}

/** The column of onboardings whose current step the process no longer has (a custom step removed meanwhile). */
export const OTHER_COLUMN = 'other';

/**
 * The board: one column per process step in the process's order, each holding the onboardings whose current step it
 * is. Within a column the most stuck come first, then the least advanced, then the oldest, so what needs a push is
 * on top. An onboarding with no current step has every applicable step done: it waits in `done`.
 */
export function boardColumns(steps: readonly OnboardingStep[], rows: readonly OnboardingListItem[]): BoardColumn[] {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  const columns = new Map<string, BoardColumn>(ordered.map((s) => [s.key, { key: s.key, name: s.name, rows: [] }]));
  const other: BoardColumn = { key: OTHER_COLUMN, name: 'Other steps', rows: [] };
  for (const row of rows) {
    const key = row.current_step?.key ?? 'done';
    (columns.get(key) ?? other).rows.push(row);
  }
  const result = [...columns.values()];
  if (other.rows.length > 0) {
    result.push(other);
  }
  for (const column of result) {
    column.rows.sort(
      (a, b) => b.days_stuck - a.days_stuck || a.progress - b.progress || a.started_at.localeCompare(b.started_at),
    );
  }
  return result;
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
