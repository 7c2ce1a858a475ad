import type { TableSort } from './tableState';

function valueAt(row: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) {
    return 0;
  }
  if (a === null || a === undefined) {
    return 1;
  }
  if (b === null || b === undefined) {
    return -1;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return a - b;
  }
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * For a list the server answers whole: the rows the search keeps (the screen's rule, else any text field
 * containing the term), sorted by the sort field (empty values last either way).
 */
export function clientRows<T>(
  rows: readonly T[],
  search: string,
  sort: TableSort | null,
  matches?: (row: T, term: string) => boolean,
): T[] {
  const term = search.trim().toLowerCase();
  const kept = term
    ? rows.filter((row) =>
        matches
          ? matches(row, term)
          : Object.values(row as Record<string, unknown>).some(
              (value) => typeof value === 'string' && value.toLowerCase().includes(term),
            ),
      )
    : [...rows];
  if (sort) {
    const sign = sort.direction === 'desc' ? -1 : 1;
    kept.sort((a, b) => {
      const va = valueAt(a, sort.by);
      const vb = valueAt(b, sort.by);
      // Empty values stay last in both directions.
      if (va === null || va === undefined || vb === null || vb === undefined) {
        return compare(va, vb);
      }
      return sign * compare(va, vb);
    });
  }
  return kept;
}
