import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string';

describe('bracket query strings', () => {
  it('nests page[size], filters[x][] and sort[by] as the call tables write them', () => {
    const q = parseQueryString(
      'page[size]=999&filters[projects.status][]=active&filters[projects.status][]=paused&sort[by]=name&search_term=acme&with_personal=1',
    );
    expect(q).toEqual({
      page: { size: '999' },
      filters: { 'projects.status': ['active', 'paused'] },
      sort: { by: 'name' },
      search_term: 'acme',
      with_personal: '1',
    });
  });

  it('reads indexed search terms', () => {
    expect(
      parseQueryString('search_term[0][field]=name&search_term[0][rule]=contains&search_term[0][value]=x'),
    ).toEqual({ search_term: { 0: { field: 'name', rule: 'contains', value: 'x' } } });
  });

  it('keeps repeated plain keys as a list and ignores prototype keys and over-deep keys', () => {
    const q = parseQueryString('a=1&a=2&__proto__[x]=1&constructor[prototype][y]=2&b[1][2][3][4][5][6]=deep');
    expect(q).toEqual({ a: ['1', '2'] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
