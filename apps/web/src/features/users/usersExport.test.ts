import { describe, expect, it } from 'vitest';
import { usersExportSource } from './usersExport';

describe('users export', () => {
  it("posts the screen's filters, search and sort as an _all selection", () => {
    expect(
      usersExportSource({
        filters: { type: ['freelancer', 'contact'], status: ['active'] },
        search: '  ann ',
        sort: { by: 'name', direction: 'desc' },
      }),
    ).toEqual({
      method: 'POST',
      path: 'users/bulk-operations/export',
      body: {
        filters: { _all: true, type: ['freelancer', 'contact'], status: ['active'] },
        search_term: 'ann',
        sort: { by: 'name', direction: 'desc' },
      },
    });
  });

  it('leaves out empty filters, a blank search and no sort (every row, the default order)', () => {
    expect(usersExportSource({ filters: { type: [], status: [] }, search: ' ', sort: null }).body).toEqual({
      filters: { _all: true },
    });
  });

  it('posts the ticked people as ids; "all N" ticked is the filtered list', () => {
    const state = {
      filters: { type: ['freelancer'], status: [] },
      search: '',
      sort: { by: 'name', direction: 'asc' } as const,
    };
    expect(usersExportSource(state, { ids: ['c-1', 'c-2'], all: false }).body).toEqual({
      filters: { ids: ['c-1', 'c-2'] },
      sort: { by: 'name', direction: 'asc' },
    });
    expect(usersExportSource(state, { ids: ['c-1'], all: true }).body.filters).toEqual({
      _all: true,
      type: ['freelancer'],
    });
  });
});
