/** Global search (doc 1 §2, §5): the API's grouped answer, filtered again on the client and linked to screens. */

export const SEARCH_GROUPS = ['projects', 'tasks', 'people', 'cms', 'forms', 'clients', 'requests'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export interface SearchItem {
  uuid: string;
  name?: string | null;
  title?: string | null;
  subject?: string | null;
  business_name?: string | null;
  email?: string | null;
  type?: string | null;
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

export function itemText(item: SearchItem): string {
  return item.name ?? item.title ?? item.subject ?? item.business_name ?? item.email ?? item.uuid;
}

/** Where a result leads. People go to the contacts screen until the contact page exists. */
export function itemLink(group: SearchGroup, item: SearchItem): string {
  const id = encodeURIComponent(item.uuid);
  const search = encodeURIComponent(itemText(item));
  switch (group) {
    case 'projects':
      return `/projects/${id}/requests`;
    case 'tasks':
      return `/tasks?task_uuid=${id}`;
    case 'people':
      return `/people?search=${search}`;
    case 'cms':
      return `/cms?search=${search}`;
    case 'forms':
      return `/forms?search=${search}`;
    case 'clients':
      return `/clients?client_uuid=${id}`;
    case 'requests':
      return `/requests/${id}`;
  }
}

function matches(item: SearchItem, needle: string): boolean {
  return [item.name, item.title, item.subject, item.business_name, item.email].some(
    (value) => typeof value === 'string' && value.toLowerCase().includes(needle),
  );
}

/** Non-empty groups in the spec's order, each item kept only if it contains the term. */
export function groupSearchResults(response: SearchResponse | undefined, term: string): SearchHitGroup[] {
  const needle = term.trim().toLowerCase();
  if (!response || !needle) {
    return [];
  }
  const groups: SearchHitGroup[] = [];
  for (const group of SEARCH_GROUPS) {
    const hits = (response.data[group] ?? [])
      .filter((item) => matches(item, needle))
      .map((item) => ({
        key: `${group}:${item.uuid}`,
        text: itemText(item),
        detail: group === 'people' ? (item.email ?? undefined) : undefined,
        to: itemLink(group, item),
      }));
    if (hits.length > 0) {
      groups.push({ group, label: GROUP_LABELS[group], hits });
    }
  }
  return groups;
}
