/**
 * Kanban ordering (doc 2 §2: cards move by drag and drop, status and sort order persist). Cards in a column are
 * sorted by sort_order ascending; a dropped card takes a value between its new neighbours so only that card is
 * written. When two neighbours leave no integer between them, the column is renumbered.
 */

export interface Orderable {
  uuid: string;
  sort_order: number;
}

export const SORT_STEP = 1024;

/** A sort_order strictly between `before` and `after` (either may be missing), or null when there is no room. */
export function sortOrderBetween(before: number | undefined, after: number | undefined): number | null {
  if (before === undefined && after === undefined) {
    return SORT_STEP;
  }
  if (before === undefined) {
    return (after as number) - SORT_STEP;
  }
  if (after === undefined) {
    return before + SORT_STEP;
  }
  const middle = Math.floor((before + after) / 2);
  return middle > before && middle < after ? middle : null;
}

/**
 * Dropping `moved` at `index` of `column` (the target column's cards in order, possibly still containing `moved`):
 * the writes to make, usually the moved card alone.
 */
export function planDrop(column: readonly Orderable[], movedUuid: string, index: number): Orderable[] {
  const others = column.filter((card) => card.uuid !== movedUuid);
  const at = Math.max(0, Math.min(index, others.length));
  const before = others[at - 1]?.sort_order;
  const after = others[at]?.sort_order;
  const value = sortOrderBetween(before, after);
  if (value !== null) {
    return [{ uuid: movedUuid, sort_order: value }];
  }
  // No gap left: renumber the column in its new order, writing only the cards whose value changes.
  const ordered = [...others.slice(0, at), { uuid: movedUuid, sort_order: Number.NaN }, ...others.slice(at)];
  return ordered
    .map((card, i) => ({ uuid: card.uuid, sort_order: (i + 1) * SORT_STEP, previous: card.sort_order }))
    .filter((card) => card.previous !== card.sort_order)
    .map(({ uuid, sort_order }) => ({ uuid, sort_order }));
}

/** Applies writes to a list of cards and re-sorts it (the optimistic view while the saves run). */
export function applyOrder<T extends Orderable>(cards: readonly T[], writes: readonly Orderable[]): T[] {
  const values = new Map(writes.map((w) => [w.uuid, w.sort_order]));
  return cards
    .map((card) => (values.has(card.uuid) ? { ...card, sort_order: values.get(card.uuid) as number } : card))
    .sort((a, b) => a.sort_order - b.sort_order);
}
