import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../../api/client';
import { buildListQuery, humanize } from './listQuery';

describe('buildListQuery', () => {
  it('writes paging, search, list filters and sort in bracket notation', () => {
    const query = buildListQuery({
      page: 2,
      size: 25,
      search: ' acme ',
      filters: { 'projects.status': ['active', 'paused'], customer_id: 'c-1' },
      sortBy: 'name',
      sortDirection: 'desc',
    });
    expect(buildQueryString(query)).toBe(
      `?${new URLSearchParams([
        ['page[size]', '25'],
        ['page[number]', '2'],
        ['search_term', 'acme'],
        ['filters[projects.status][]', 'active'],
        ['filters[projects.status][]', 'paused'],
        ['filters[customer_id]', 'c-1'],
        ['sort[by]', 'name'],
        ['sort[direction]', 'desc'],
      ]).toString()}`,
    );
  });

  it('leaves out a blank search, empty lists and unset filters', () => {
    expect(buildListQuery({ search: '  ', filters: { status: [], type: undefined, customer_id: '' } })).toEqual({});
  });

  it('keeps extra parameters such as with_personal', () => {
    expect(buildListQuery({ size: 300, extra: { with_personal: 1 } })).toEqual({ 'page[size]': 300, with_personal: 1 });
  });
});

describe('humanize', () => {
  it('turns status words into labels', () => {
    expect(humanize('waiting_to_launch')).toBe('Waiting to launch');
    expect(humanize('active')).toBe('Active');
  });
});
