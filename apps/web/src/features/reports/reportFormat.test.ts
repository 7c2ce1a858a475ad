import { describe, expect, it } from 'vitest';
import { OTHERS_KEY, stackDays } from './chartSeries';
import { daysBetween, formatHours, formatPercent, lastDays, percentOf, shortDay, usDate } from './reportFormat';

describe('report formats (doc 2 §9)', () => {
  it('shows hours as hh:mm and a missing figure as a dash', () => {
    expect(formatHours(125)).toBe('02:05');
    expect(formatHours(-90)).toBe('-01:30');
    expect(formatHours(0)).toBe('00:00');
    expect(formatHours(null)).toBe('—');
  });

  it('rounds shares and percentages, with no division by a zero budget', () => {
    expect(formatPercent(45.6)).toBe('46%');
    expect(formatPercent(null)).toBe('—');
    expect(percentOf(150, 100)).toBe(150);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(10, 0)).toBe(0);
  });

  it('formats display dates', () => {
    expect(usDate('2026-03-09')).toBe('03/09/2026');
    expect(shortDay('2026-11-03')).toBe('Nov 03');
  });

  it('defaults to the last 30 days, today included', () => {
    expect(lastDays(30, new Date(2026, 2, 15))).toEqual({ from: '2026-02-14', to: '2026-03-15' });
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('stacked days for the chart', () => {
  const cells = [
    { date: '2026-03-01', key: 'ann', label: 'Ann', minutes: 90 },
    { date: '2026-03-01', key: 'bob', label: 'Bob', minutes: 30 },
    { date: '2026-03-03', key: 'ann', label: 'Ann', minutes: 60 },
    { date: '2026-03-03', key: 'cy', label: 'Cy', minutes: 15 },
  ];

  it('gives every day of the range a row, empty days included, in hours', () => {
    const { rows, series } = stackDays(cells, '2026-03-01', '2026-03-03');
    expect(rows).toEqual([
      { date: '2026-03-01', ann: 1.5, bob: 0.5 },
      { date: '2026-03-02' },
      { date: '2026-03-03', ann: 1, cy: 0.25 },
    ]);
    expect(series.map((s) => [s.key, s.minutes])).toEqual([
      ['ann', 150],
      ['bob', 30],
      ['cy', 15],
    ]);
  });

  it('merges the smallest stacks into Others past the limit', () => {
    const { rows, series } = stackDays(cells, '2026-03-01', '2026-03-03', 2);
    expect(series.map((s) => s.key)).toEqual(['ann', OTHERS_KEY]);
    expect(series[1]?.minutes).toBe(45);
    expect(rows[0]).toEqual({ date: '2026-03-01', ann: 1.5, [OTHERS_KEY]: 0.5 });
    expect(rows[2]).toEqual({ date: '2026-03-03', ann: 1, [OTHERS_KEY]: 0.25 });
  });
});
