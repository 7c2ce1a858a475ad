import { describe, expect, it } from 'vitest';
import { isRecentItem, openedItem, RECENT_LIMIT, type RecentItem, recentPath, withRecent } from './recent';

const item = (n: number, kind: RecentItem['kind'] = 'task'): RecentItem => ({
  kind,
  uuid: `uuid-${n}`,
  title: `Item ${n}`,
  path: recentPath(kind, `uuid-${n}`),
});

describe('recent items', () => {
  it('reads what the address shows opened: the task drawer, a request, a plan', () => {
    expect(openedItem('/dashboard', '?task_uuid=abc&tab=files')).toEqual({ kind: 'task', id: 'abc' });
    expect(openedItem('/tasks', '?task_uuid=create&task_any_project=true')).toBeNull();
    expect(openedItem('/requests/r1', '')).toEqual({ kind: 'request', id: 'r1' });
    expect(openedItem('/requests/r1/tasks', '')).toEqual({ kind: 'request', id: 'r1' });
    expect(openedItem('/requests/new', '')).toBeNull();
    expect(openedItem('/requests/r1/duplicate', '')).toBeNull();
    expect(openedItem('/projects/p1', '')).toEqual({ kind: 'plan', id: 'p1' });
    expect(openedItem('/projects/p1/requests', '')).toEqual({ kind: 'plan', id: 'p1' });
    expect(openedItem('/projects', '')).toBeNull();
    expect(openedItem('/requests', '')).toBeNull();
  });

  it('keeps the newest first, once each, at most RECENT_LIMIT', () => {
    let list: RecentItem[] = [];
    for (let n = 0; n < RECENT_LIMIT + 3; n += 1) {
      list = withRecent(list, item(n));
    }
    expect(list).toHaveLength(RECENT_LIMIT);
    expect(list[0]?.uuid).toBe(`uuid-${RECENT_LIMIT + 2}`);
    list = withRecent(list, { ...item(5), title: 'Renamed' });
    expect(list[0]).toMatchObject({ uuid: 'uuid-5', title: 'Renamed' });
    expect(list.filter((entry) => entry.uuid === 'uuid-5')).toHaveLength(1);
    // Kind and uuid together name an item.
    expect(withRecent([item(1, 'task')], item(1, 'plan'))).toHaveLength(2);
  });

  it('ignores stored entries of another shape', () => {
    expect(isRecentItem(item(1))).toBe(true);
    expect(isRecentItem({ kind: 'note', uuid: 'x', title: 'x', path: '/x' })).toBe(false);
    expect(isRecentItem('task')).toBe(false);
  });
});
