/**
 * Column priorities: a column may declare `priority` — 1 for the table's key columns (never squeezed out), higher
 * numbers for ones that give way first. When the table is wider than its card, the toolkit hides the shown column
 * with the highest number (the rightmost of equals) and measures again, so key columns such as a report's Time or
 * the Tasks table's Assignees stay in view at 1366 px instead of sitting beyond a sideways scroll. Columns without a
 * priority are never squeezed; the person's own choice in the Columns menu is applied before this.
 */
export type Prioritised = { key: string; priority?: number };

/** The next column to squeeze out, or null when only key and unprioritised columns remain. */
export function nextColumnToSqueeze(columns: readonly Prioritised[], hidden: readonly string[]): string | null {
  let pick: Prioritised | null = null;
  for (const column of columns) {
    if (hidden.includes(column.key) || column.priority === undefined || column.priority <= 1) {
      continue;
    }
    if (!pick || (pick.priority ?? 0) <= column.priority) {
      pick = column;
    }
  }
  return pick?.key ?? null;
}

/** Below this card width the table scrolls sideways inside its card, as on a phone, rather than dropping columns. */
export const SQUEEZE_MIN_WIDTH = 700;
