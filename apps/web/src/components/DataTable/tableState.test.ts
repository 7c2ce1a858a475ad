import { describe, expect, it } from 'vitest';
import { bulkFiltersOf } from './bulkFilters';
import { clientRows } from './clientRows';
import {
  isDefaultState,
  parseSaved,
  readUrlState,
  resolveTableState,
  TABLE_STATE_VERSION,
  type TableDefaults,
  type TableState,
  toSaved,
  writeUrlState,
} from './tableState';

const DEFAULTS: TableDefaults = {
  filters: { status: ['active'], type: [] },
  sort: { by: 'business_name', direction: 'asc' },
  size: 50,
};

const CHANGED: TableState = {
  search: 'acme',
  filters: { status: ['paused', 'inactive'], type: ['retainer'] },
  sort: { by: 'created_at', direction: 'desc' },
  page: 3,
  size: 100,
};

function saved(state: TableState, version = TABLE_STATE_VERSION): string {
  return JSON.stringify({ ...toSaved(state), version });
}

describe('table state in the address', () => {
  it('round-trips every part of the state through the address', () => {
    const params = writeUrlState(new URLSearchParams(), CHANGED, DEFAULTS);
    expect(readUrlState(params, DEFAULTS)).toEqual(CHANGED);
  });

  it('leaves defaults out, so a table as it opens has a plain address', () => {
    const state = resolveTableState(new URLSearchParams(), null, DEFAULTS).state;
    expect(writeUrlState(new URLSearchParams(), state, DEFAULTS).toString()).toBe('');
    expect(isDefaultState(state, DEFAULTS)).toBe(true);
  });

  it('keeps a cleared default filter as an empty value, meaning "every status"', () => {
    const params = writeUrlState(new URLSearchParams(), { ...CHANGED, filters: { status: [], type: [] } }, DEFAULTS);
    expect(params.get('status')).toBe('');
    expect(readUrlState(params, DEFAULTS).filters.status).toEqual([]);
  });

  it('keeps the other parameters of the address (modals, tabs)', () => {
    const params = writeUrlState(new URLSearchParams('task_uuid=abc&view=kanban&page=4'), CHANGED, DEFAULTS);
    expect(params.get('task_uuid')).toBe('abc');
    expect(params.get('view')).toBe('kanban');
    expect(params.get('page')).toBe('3');
  });

  it('falls back to defaults for a broken page, size or sort', () => {
    const state = readUrlState(new URLSearchParams('page=-2&size=abc&sort=drop%20table'), DEFAULTS);
    expect(state.page).toBe(1);
    expect(state.size).toBe(50);
    expect(state.sort).toBeNull();
  });
});

describe('saved table state (version 7)', () => {
  it('restores saved state when the address names none of the table keys', () => {
    const result = resolveTableState(new URLSearchParams('task_uuid=abc'), saved(CHANGED), DEFAULTS);
    expect(result.from).toBe('saved');
    // The page is not saved: a table reopened from the menu starts at page 1.
    expect(result.state).toEqual({ ...CHANGED, page: 1 });
  });

  it('lets the address win over saved state, defaults filling what the address leaves out', () => {
    const result = resolveTableState(new URLSearchParams('status=paused'), saved(CHANGED), DEFAULTS);
    expect(result.from).toBe('url');
    expect(result.state).toEqual({
      search: '',
      filters: { status: ['paused'], type: [] },
      sort: DEFAULTS.sort,
      page: 1,
      size: 50,
    });
  });

  it('drops state saved by another version', () => {
    expect(parseSaved(saved(CHANGED, 6), DEFAULTS)).toBeNull();
    const result = resolveTableState(new URLSearchParams(), saved(CHANGED, 6), DEFAULTS);
    expect(result.from).toBe('defaults');
    expect(isDefaultState(result.state, DEFAULTS)).toBe(true);
  });

  it('ignores broken saved values and filters the screen no longer declares', () => {
    expect(parseSaved('{not json', DEFAULTS)).toBeNull();
    expect(parseSaved('"text"', DEFAULTS)).toBeNull();
    const state = parseSaved(
      JSON.stringify({ version: TABLE_STATE_VERSION, filters: { gone: ['x'], status: 'paused' }, size: -1 }),
      DEFAULTS,
    );
    expect(state).toEqual({
      search: '',
      filters: { status: ['active'], type: [] },
      sort: DEFAULTS.sort,
      page: 1,
      size: 50,
    });
  });

  it('keeps a cleared sort as cleared', () => {
    const state = parseSaved(saved({ ...CHANGED, sort: null }), DEFAULTS);
    expect(state?.sort).toBeNull();
  });
});

describe('client-side rows (lists the server answers whole)', () => {
  const rows = [
    { uuid: '1', name: 'Beta', count: 2, owner: { name: 'Zed' } },
    { uuid: '2', name: 'alpha', count: 10, owner: { name: 'Amy' } },
    { uuid: '3', name: 'Gamma', count: null, owner: null },
  ];

  it('keeps rows with a text field containing the term, case-insensitively', () => {
    expect(clientRows(rows, 'ALP', null).map((r) => r.uuid)).toEqual(['2']);
  });

  it('sorts by a nested field, numbers numerically, empty values last both ways', () => {
    expect(clientRows(rows, '', { by: 'count', direction: 'asc' }).map((r) => r.uuid)).toEqual(['1', '2', '3']);
    expect(clientRows(rows, '', { by: 'count', direction: 'desc' }).map((r) => r.uuid)).toEqual(['2', '1', '3']);
    expect(clientRows(rows, '', { by: 'owner.name', direction: 'asc' }).map((r) => r.uuid)).toEqual(['2', '1', '3']);
  });
});

describe('bulk filters from the list query', () => {
  it('reads lists, single values and ranges, and skips paging and search', () => {
    expect(
      bulkFiltersOf({
        'page[size]': 50,
        search_term: 'x',
        'filters[task_status][]': ['new', 'completed'],
        'filters[overdue_only]': 1,
        'filters[created_at][greater_than_or_equals]': '2026-01-01',
        'filters[created_at][less_than_or_equals]': '2026-02-01',
        'filters[project][]': ['only-one'],
      }),
    ).toEqual({
      task_status: ['new', 'completed'],
      overdue_only: '1',
      created_at: { greater_than_or_equals: '2026-01-01', less_than_or_equals: '2026-02-01' },
      project: ['only-one'],
    });
  });
});
