import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_LIST,
  listStateFromParams,
  listStateToParams,
  type RequestListState,
  requestListQuery,
} from './requestFilters';

describe('request list state in the address', () => {
  it('reads the defaults of doc 2 §4 from a bare address', () => {
    const state = listStateFromParams(new URLSearchParams());
    expect(state.statuses).toEqual(['new', 'waiting_approval', 'approved', 'needs_attention', 'in_progress']);
    expect(state.temperatures).toEqual([1, 2, 3]);
    expect(state.projectTypes).toEqual(['retainer', 'hosting']);
    expect(state).toMatchObject({ page: 1, size: 50, direction: 'desc', search: '' });
  });
  it('writes nothing for the defaults and keeps other parameters', () => {
    const params = listStateToParams(DEFAULT_REQUEST_LIST, new URLSearchParams('task_uuid=abc'));
    expect(params.toString()).toBe('task_uuid=abc');
  });
  it('round-trips filters, search, page and size', () => {
    const state: RequestListState = {
      statuses: ['completed', 'draft'],
      temperatures: [3],
      projectTypes: [],
      search: 'logo',
      page: 3,
      size: 100,
      direction: 'asc',
    };
    const params = listStateToParams(state);
    expect(params.get('status')).toBe('completed,draft');
    expect(params.get('project_type')).toBe('');
    expect(listStateFromParams(params)).toEqual({ ...state, statuses: ['draft', 'completed'] });
  });
  it('ignores unknown values', () => {
    const state = listStateFromParams(new URLSearchParams('status=nope,new&temperature=9,1&page=-2&size=x'));
    expect(state.statuses).toEqual(['new']);
    expect(state.temperatures).toEqual([1]);
    expect(state.page).toBe(1);
    expect(state.size).toBe(50);
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
