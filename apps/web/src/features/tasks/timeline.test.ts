import { describe, expect, it } from 'vitest';
import { layoutTimeline } from './timeline';

describe('timeline layout', () => {
  it('places bars on a shared day axis with a day of padding', () => {
    const layout = layoutTimeline([
      { uuid: 'a', start_date: '2026-01-30', end_date: '2026-02-02' },
      { uuid: 'b', start_date: '2026-02-01', end_date: '2026-02-01' },
      { uuid: 'c', start_date: null, end_date: null },
    ]);
    expect(layout?.start).toBe('2026-01-29');
    expect(layout?.days).toBe(6);
    expect(layout?.bars).toEqual([
      { uuid: 'a', offset: 1, span: 4, partial: false },
      { uuid: 'b', offset: 3, span: 1, partial: false },
    ]);
    expect(layout?.undated).toEqual(['c']);
    expect(layout?.months).toEqual([{ iso: '2026-02-01', offset: 3 }]);
  });
  it('uses the one known date and swaps reversed ranges', () => {
    const layout = layoutTimeline([
      { uuid: 'a', start_date: null, end_date: '2026-03-05' },
      { uuid: 'b', start_date: '2026-03-09', end_date: '2026-03-07' },
    ]);
    expect(layout?.bars).toEqual([
      { uuid: 'a', offset: 1, span: 1, partial: true },
      { uuid: 'b', offset: 3, span: 3, partial: false },
    ]);
  });
  it('has nothing to draw without dates', () => {
    expect(layoutTimeline([{ uuid: 'a', start_date: null, end_date: null }])).toBeNull();
  });
});
