import { describe, expect, it } from 'vitest';
import { clientRows } from './clientRows';

describe('clientRows sorting of whole lists', () => {
  const groups = [
    { uuid: 'a', name: 'Design', members: [1, 2], disabled: true },
    { uuid: 'b', name: 'ads', members: [1, 2, 3], disabled: false },
    { uuid: 'c', name: 'Copy', members: [], disabled: false },
  ];
  const order = (by: string, direction: 'asc' | 'desc') => clientRows(groups, '', { by, direction }).map((g) => g.uuid);

  it('sorts by a path into the row, such as how many members a group has', () => {
    expect(order('members.length', 'asc')).toEqual(['c', 'a', 'b']);
    expect(order('members.length', 'desc')).toEqual(['b', 'a', 'c']);
  });

  it('sorts names without regard to case and booleans with false first ascending', () => {
    expect(order('name', 'asc')).toEqual(['b', 'c', 'a']);
    expect(order('disabled', 'asc')).toEqual(['b', 'c', 'a']);
  });
});
