/** Global search (doc 1 §2, §5): the API's grouped answer, filtered again on the client by the term. */

export const SEARCH_GROUPS = ['projects', 'tasks', 'people', 'cms', 'forms', 'clients', 'requests'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** One match as the API answers it: `link` is the screen it opens (a path with its query parameters). */
export interface SearchItem {
  uuid: string;
  title: string;
  detail: string | null;
  link: string;
}

export type SearchResponse = { data: Partial<Record<SearchGroup, SearchItem[]>> };

export const GROUP_LABELS: Record<SearchGroup, string> = {
  projects: 'Plans',
  tasks: 'Tasks',
  people: 'People',
  cms: 'CMS',
  forms: 'Forms',
  clients: 'Clients',
  requests: 'Requests',
};

export interface SearchHit {
  key: string;
  text: string;
  detail?: string;
  to: string;
}

export interface SearchHitGroup {
  group: SearchGroup;
  label: string;
  hits: SearchHit[];
}

/** Accents and case folded, as the server folds them. */
export function foldText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function words(value: string): string[] {
  return foldText(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Edits (insert, delete, substitute, swap two neighbours) between two short words. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Whether a word typed matches a word shown the way the server matches: as a prefix, or — for words of four letters
 * or more, as the server's typo tolerance — within one edit (two from eight letters) of a prefix of it.
 */
function wordMatches(typed: string, shown: string): boolean {
  if (shown.startsWith(typed)) {
    return true;
  }
  if (typed.length < 4) {
    return false;
  }
  const allowed = typed.length >= 8 ? 2 : 1;
  for (let length = typed.length - allowed; length <= typed.length + allowed; length += 1) {
    if (length > 0 && length <= shown.length && editDistance(typed, shown.slice(0, length)) <= allowed) {
      return true;
    }
  }
  return false;
}

/** The client-side filter (doc 1 §5): every word of the term matches some word of the hit. */
export function matchesTerm(item: Pick<SearchItem, 'title' | 'detail'>, term: string): boolean {
  const typed = words(term);
  const shown = words(`${item.title} ${item.detail ?? ''}`);
  return typed.length > 0 && typed.every((word) => shown.some((candidate) => wordMatches(word, candidate)));
}

/** Non-empty groups in the spec's order, each item kept only if it matches the term. */
export function groupSearchResults(response: SearchResponse | undefined, term: string): SearchHitGroup[] {
  if (!response || !term.trim()) {
    return [];
  }
  const groups: SearchHitGroup[] = [];
  for (const group of SEARCH_GROUPS) {
    const hits = (response.data[group] ?? [])
      .filter((item) => matchesTerm(item, term))
      .map((item) => ({
        key: `${group}:${item.uuid}`,
        text: item.title,
        detail: item.detail ?? undefined,
        to: item.link,
      }));
    if (hits.length > 0) {
      groups.push({ group, label: GROUP_LABELS[group], hits });
    }
  }
  return groups;
}
