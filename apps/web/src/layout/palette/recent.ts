/**
 * The command palette's recent items: the tasks, requests and plans this person opened last, newest first, kept in
 * this browser per person (`personalStore.ts`). What was opened is read from the address; its title from the detail
 * query the screen loaded (`useRecentTracker`), so the screens themselves know nothing of this list.
 */

export type RecentKind = 'task' | 'request' | 'plan';

export interface RecentItem {
  kind: RecentKind;
  uuid: string;
  title: string;
  /** Where choosing it leads. */
  path: string;
}

export const RECENT_LIMIT = 8;
export const RECENT_LIST = 'recent';

const KINDS: readonly RecentKind[] = ['task', 'request', 'plan'];

export function isRecentItem(item: unknown): item is RecentItem {
  if (typeof item !== 'object' || item === null) {
    return false;
  }
  const candidate = item as Record<string, unknown>;
  return (
    KINDS.includes(candidate.kind as RecentKind) &&
    typeof candidate.uuid === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.path === 'string'
  );
}

/** The list with `item` first, its older copy dropped, at most RECENT_LIMIT long. */
export function withRecent(list: readonly RecentItem[], item: RecentItem): RecentItem[] {
  return [item, ...list.filter((old) => old.kind !== item.kind || old.uuid !== item.uuid)].slice(0, RECENT_LIMIT);
}

export interface OpenedItem {
  kind: RecentKind;
  /** The id in the address: a uuid (or, in /projects/{id}/requests, the plan's id as the address gives it). */
  id: string;
}

/**
 * What the address shows opened: the task drawer (?task_uuid=), a request (/requests/{uuid}, its Tasks tab) or a plan
 * (/projects/{id} and what lies under it). New and duplicate forms are not an item.
 */
export function openedItem(pathname: string, search: string): OpenedItem | null {
  const task = new URLSearchParams(search).get('task_uuid');
  if (task && task !== 'create') {
    return { kind: 'task', id: task };
  }
  const request = /^\/requests\/([^/]+)(?:\/tasks)?\/?$/.exec(pathname);
  if (request?.[1] && request[1] !== 'new') {
    return { kind: 'request', id: request[1] };
  }
  const plan = /^\/projects\/([^/]+)(?:\/[^/]+)?\/?$/.exec(pathname);
  if (plan?.[1]) {
    return { kind: 'plan', id: plan[1] };
  }
  return null;
}

/** The detail query each kind's screen loads (features/*\/api.ts: taskKey, requestKey, the plan page's key). */
export function detailQueryKey(item: OpenedItem): readonly unknown[] {
  const root = item.kind === 'task' ? 'tasks' : item.kind === 'request' ? 'requests' : 'plans';
  return [root, 'one', item.id];
}

export function recentPath(kind: RecentKind, uuid: string): string {
  switch (kind) {
    case 'task':
      return `/tasks?task_uuid=${uuid}`;
    case 'request':
      return `/requests/${uuid}`;
    case 'plan':
      return `/projects/${uuid}`;
  }
}

export const RECENT_KIND_LABELS: Record<RecentKind, string> = { task: 'Task', request: 'Request', plan: 'Plan' };
