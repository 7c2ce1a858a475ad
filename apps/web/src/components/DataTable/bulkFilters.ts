import type { QueryValue } from '../../api/client';

/**
 * The list's filters as a JSON object, read off the bracket query the list sends: filters[status][] → {status: [...]},
 * filters[created_at][greater_than_or_equals] → {created_at: {greater_than_or_equals}}. "All matching rows" of a bulk
 * call sends exactly what the list asked for.
 */
export function bulkFiltersOf(query: Record<string, QueryValue>): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const match = /^filters\[([^\]]+)\](.*)$/.exec(key);
    if (!match || value === undefined || value === null) {
      continue;
    }
    const [, name, rest] = match as unknown as [string, string, string];
    if (rest === '' || rest === '[]') {
      filters[name] = Array.isArray(value) ? value.map(String) : rest === '[]' ? [String(value)] : String(value);
      continue;
    }
    const sub = /^\[([^\]]+)\]$/.exec(rest)?.[1];
    if (sub) {
      const nested = (filters[name] ?? {}) as Record<string, unknown>;
      nested[sub] = String(value);
      filters[name] = nested;
    }
  }
  return filters;
}
