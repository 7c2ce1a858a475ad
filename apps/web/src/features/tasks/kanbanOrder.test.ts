import { describe, expect, it } from 'vitest';
import { applyOrder, planDrop, SORT_STEP, sortOrderBetween } from './kanbanOrder';

describe('kanban sort order', () => {
  it('takes the middle between neighbours, or a step beyond an end', () => {
    expect(sortOrderBetween(1000, 2000)).toBe(1500);
    expect(sortOrderBetween(undefined, 1000)).toBe(1000 - SORT_STEP);
    expect(sortOrderBetween(1000, undefined)).toBe(1000 + SORT_STEP);
    expect(sortOrderBetween(undefined, undefined)).toBe(SORT_STEP);
    expect(sortOrderBetween(5, 6)).toBeNull();
  });
  it('writes only the moved card when there is room', () => {
    const column = [
      { uuid: 'a', sort_order: 100 },
      { uuid: 'b', sort_order: 200 },
      { uuid: 'c', sort_order: 300 },
    ];
    expect(planDrop(column, 'c', 0)).toEqual([{ uuid: 'c', sort_order: 100 - SORT_STEP }]);
    expect(planDrop(column, 'a', 2)).toEqual([{ uuid: 'a', sort_order: 300 + SORT_STEP }]);
    expect(planDrop(column, 'a', 1)).toEqual([{ uuid: 'a', sort_order: 250 }]);
    expect(planDrop(column, 'x', 1)).toEqual([{ uuid: 'x', sort_order: 150 }]);
  });
  it('renumbers the column when neighbours are adjacent', () => {
    const column = [
      { uuid: 'a', sort_order: 1 },
      { uuid: 'b', sort_order: 2 },
    ];
    const writes = planDrop(column, 'x', 1);
    const after = applyOrder([...column, { uuid: 'x', sort_order: 0 }], writes);
    expect(after.map((c) => c.uuid)).toEqual(['a', 'x', 'b']);
    expect(writes.map((w) => w.uuid).sort()).toEqual(['a', 'b', 'x']);
  });
});
