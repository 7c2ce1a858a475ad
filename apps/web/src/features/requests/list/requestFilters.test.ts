import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_LIST,
  REQUEST_TABLE_FILTERS,
  REQUEST_TABLE_SORT,
  requestListQuery,
  requestStateFromTable,
} from './requestFilters';

describe('request list state from the data table', () => {
  const table = {
    filters: REQUEST_TABLE_FILTERS,
    search: '',
    page: 1,
    size: 50,
    sort: REQUEST_TABLE_SORT,
  };
  it('reads the defaults of doc 2 §4', () => {
    const state = requestStateFromTable(table);
    expect(state.statuses).toEqual(['new', 'waiting_approval', 'approved', 'needs_attention', 'in_progress']);
    expect(state.temperatures).toEqual([1, 2, 3]);
    expect(state.projectTypes).toEqual(['retainer', 'hosting']);
    expect(state).toEqual(DEFAULT_REQUEST_LIST);
  });
  it('ignores unknown values a link may carry', () => {
    const state = requestStateFromTable({
      ...table,
      filters: { status: ['nope', 'new'], temperature: ['9', '1'], project_type: [] },
      sort: { direction: 'asc' },
    });
    expect(state.statuses).toEqual(['new']);
    expect(state.temperatures).toEqual([1]);
    expect(state.projectTypes).toEqual([]);
    expect(state.direction).toBe('asc');
    expect(state.sortBy).toBe('created_at');
  });
  it('sends the clicked column to the server, and newest first for a column it cannot sort by', () => {
    const byDelivery = requestStateFromTable({ ...table, sort: { by: 'target_date', direction: 'asc' } });
    expect(requestListQuery(byDelivery, { search: '' })).toMatchObject({
      'sort[by]': 'target_date',
      'sort[direction]': 'asc',
    });
    expect(requestStateFromTable({ ...table, sort: { by: 'hours', direction: 'asc' } }).sortBy).toBe('created_at');
  });
});

describe('request list query', () => {
  it('sends the default filters, newest first, with total time and counts per temperature', () => {
    const query = requestListQuery(DEFAULT_REQUEST_LIST, { search: '' });
    expect(query).toMatchObject({
      'page[size]': 50,
      'page[number]': 1,
      'sort[by]': 'created_at',
      'sort[direction]': 'desc',
      'filters[projects_requests.status][]': DEFAULT_REQUEST_LIST.statuses,
      'project_type[]': ['retainer', 'hosting'],
      with_total_time: 1,
      with_count_per_temp: 1,
    });
    expect(query.search_term).toBeUndefined();
  });
  it('drops the temperature filter when all three are chosen', () => {
    expect(Object.keys(requestListQuery(DEFAULT_REQUEST_LIST, { search: '' }))).not.toContain(
      'filters[projects_requests.temperature][]',
    );
    const some = requestListQuery({ ...DEFAULT_REQUEST_LIST, temperatures: [1, 3] }, { search: '' });
    expect(some['filters[projects_requests.temperature][]']).toEqual([1, 3]);
  });
  it('adds the search term and the plan', () => {
    const query = requestListQuery(DEFAULT_REQUEST_LIST, { search: ' logo ', projectUuid: 'p-1' });
    expect(query.search_term).toBe('logo');
    expect(query['filters[project.uuid]']).toBe('p-1');
    expect(query['project_type[]']).toEqual(['hosting', 'retainer', 'others']);
  });
});
