import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideableColumns, shownColumns } from './ColumnsMenu';
import {
  type ChoiceStorage,
  type EmbeddedState,
  embeddedStorageKey,
  loadEmbedded,
  saveEmbedded,
} from './embeddedState';
import { storageKey, TABLE_STATE_VERSION } from './tableState';
import { createEmbeddedController, embeddedDefaults } from './useEmbeddedTableState';

function memoryStorage(): ChoiceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

/** The controller as the hook binds it: each change saved for the table and kept as the next state. */
function mount(storage: ChoiceStorage, id: string, options = {}) {
  const { defaults, pageSizes } = embeddedDefaults(options);
  let current: EmbeddedState = loadEmbedded(storage, id, defaults, pageSizes);
  const controller = () =>
    createEmbeddedController(id, options, current, (next) => {
      saveEmbedded(storage, id, next);
      current = next;
    });
  return controller;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('embedded table state (tables inside a drawer, tab or panel)', () => {
  it('starts small: page 1 of 10 rows for a server-paged list, 1000 for rows at hand, no sort unless told', () => {
    const storage = memoryStorage();
    expect(mount(storage, 'task-timelogs')().state).toMatchObject({ page: 1, size: 10, sort: null });
    const subtasks = mount(storage, 'subtasks', { serverPaging: false, sort: { by: 'title', direction: 'asc' } })();
    expect(subtasks.state).toMatchObject({ size: 1000, sort: { by: 'title', direction: 'asc' } });
    expect(subtasks.embedded).toBe(true);
  });

  it('saves sort, page size and hidden columns per table with version 7, and a remount reads them back', () => {
    const storage = memoryStorage();
    const timelogs = mount(storage, 'task-timelogs');
    timelogs().setSort({ by: 'minutes', direction: 'desc' });
    timelogs().setPage(1, 25);
    timelogs().columnChoice?.setHidden(['created_at']);
    const saved = JSON.parse(storage.items.get(embeddedStorageKey('task-timelogs')) ?? '{}');
    expect(saved).toMatchObject({
      version: TABLE_STATE_VERSION,
      sort: { by: 'minutes', direction: 'desc' },
      size: 25,
      hidden: ['created_at'],
    });

    const again = mount(storage, 'task-timelogs')();
    expect(again.state).toMatchObject({ sort: { by: 'minutes', direction: 'desc' }, size: 25, page: 1 });
    expect(again.columnChoice?.hidden).toEqual(['created_at']);
    // Another embedded table keeps its own choices.
    expect(mount(storage, 'credit-history')().state).toMatchObject({ sort: null, size: 10 });
  });

  it('does not save the page or the search, which belong to the record on screen', () => {
    const storage = memoryStorage();
    const table = mount(storage, 'request-tasks', { serverPaging: false });
    table().setSearch('logo');
    table().setPage(3);
    expect(table().state).toMatchObject({ search: 'logo', page: 3 });
    const again = mount(storage, 'request-tasks', { serverPaging: false })();
    expect(again.state).toMatchObject({ search: '', page: 1 });
  });

  it('drops choices saved by another version, and broken or unoffered values', () => {
    const storage = memoryStorage();
    const old = {
      version: 6,
      search: '',
      filters: {},
      sort: { by: 'date', direction: 'asc' },
      size: 25,
      hidden: ['x'],
    };
    storage.setItem(embeddedStorageKey('task-timelogs'), JSON.stringify(old));
    const table = mount(storage, 'task-timelogs')();
    expect(table.state).toMatchObject({ sort: null, size: 10 });
    expect(table.columnChoice?.hidden).toEqual([]);

    storage.setItem(embeddedStorageKey('task-timelogs'), '{broken');
    expect(mount(storage, 'task-timelogs')().state.size).toBe(10);

    storage.setItem(
      embeddedStorageKey('task-timelogs'),
      JSON.stringify({ ...old, version: TABLE_STATE_VERSION, size: 7, hidden: [1, 'date'] }),
    );
    const odd = mount(storage, 'task-timelogs')();
    expect(odd.state.size).toBe(10);
    expect(odd.columnChoice?.hidden).toEqual(['date']);
  });

  it('never touches the address, and keeps apart from a list screen saved under the same name', () => {
    const replaceState = vi.fn();
    const pushState = vi.fn();
    vi.stubGlobal('window', { history: { replaceState, pushState }, location: { search: '?task_uuid=abc' } });
    const storage = memoryStorage();
    storage.setItem(storageKey('tasks'), 'list screen state');
    const table = mount(storage, 'tasks');
    table().setSort({ by: 'date', direction: 'asc' });
    table().setPage(2);
    table().setSearch('x');
    table().reset();
    expect(replaceState).not.toHaveBeenCalled();
    expect(pushState).not.toHaveBeenCalled();
    expect(storage.items.get(storageKey('tasks'))).toBe('list screen state');
  });

  it('offers the default size among the page sizes, and a size change goes back to page 1', () => {
    const storage = memoryStorage();
    const table = mount(storage, 'breakdown', { serverPaging: false, size: 50, pageSizes: [100, 500] });
    expect(table().pageSizes).toEqual([50, 100, 500]);
    table().setPage(4);
    table().setPage(4, 100);
    expect(table().state).toMatchObject({ page: 1, size: 100 });
  });
});

describe('column choices', () => {
  const columns = [
    { key: 'title', title: 'Title' },
    { key: 'status', title: 'Status' },
    { key: 'note', title: 'Note' },
    { key: 'open', title: '' },
    { key: 'actions', title: 'Actions' },
  ];

  it('offers every titled column but the first and the actions', () => {
    expect(hideableColumns(columns)).toEqual([
      { key: 'status', label: 'Status' },
      { key: 'note', label: 'Note' },
    ]);
  });

  it('hides only columns that may be hidden, ignoring saved keys that no longer match', () => {
    const keys = (hidden: string[]) => shownColumns(columns, hidden).map((c) => c.key);
    expect(keys(['note', 'gone'])).toEqual(['title', 'status', 'open', 'actions']);
    expect(keys(['title', 'actions', 'open'])).toEqual(['title', 'status', 'note', 'open', 'actions']);
  });
});
