import { describe, expect, it } from 'vitest';
import { buildListQuery } from '../common/listQuery';
import { clientContactsParams } from './clientContacts';

describe('the client modal contacts call', () => {
  it('asks for 300 of the client’s contacts whose status is active, by name (doc 1 §7)', () => {
    expect(buildListQuery(clientContactsParams('0b7c1b8e-8a64-4f7a-9d59-2d3c2a1f0e11'))).toEqual({
      'page[size]': 300,
      'filters[customer_id]': '0b7c1b8e-8a64-4f7a-9d59-2d3c2a1f0e11',
      'filters[status][]': ['active'],
      'sort[by]': 'name',
    });
  });
});
