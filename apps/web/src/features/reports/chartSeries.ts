import { daysBetween } from './reportFormat';

/** One figure of the day × person (or day × plan) grid the time-log report answers. */
export interface DayCell {
  date: string;
  key: string;
  label: string;
  minutes: number;
}

export interface ChartSeries {
  key: string;
  label: string;
  minutes: number;
}

export interface StackedDays {
  /** One row per day: `date` plus each series' hours under its key. */
  rows: Record<string, number | string>[];
  /** Stacks, largest first; the smallest are merged into 'Others' so colours and the legend stay readable. */
  series: ChartSeries[];
}

export const OTHERS_KEY = '__others__';

/**
 * The stacked bar chart's data: every day of the range (empty days included, so gaps show), hours per series.
 * Hours, not minutes, because the axis reads better as 7.5 than as 450; the tooltip formats them back as hh:mm.
 */
export function stackDays(cells: readonly DayCell[], from: string, to: string, maxSeries = 8): StackedDays {
  const totals = new Map<string, ChartSeries>();
  for (const cell of cells) {
    const series = totals.get(cell.key) ?? { key: cell.key, label: cell.label, minutes: 0 };
    series.minutes += cell.minutes;
    totals.set(cell.key, series);
  }
  const ranked = [...totals.values()].sort((a, b) => b.minutes - a.minutes || a.label.localeCompare(b.label));
  const kept = ranked.length > maxSeries ? ranked.slice(0, maxSeries - 1) : ranked;
  const keptKeys = new Set(kept.map((s) => s.key));
  const others = ranked.filter((s) => !keptKeys.has(s.key));
  const series = others.length
    ? [...kept, { key: OTHERS_KEY, label: 'Others', minutes: others.reduce((sum, s) => sum + s.minutes, 0) }]
    : kept;

  const byDay = new Map<string, Record<string, number | string>>();
  for (const date of daysBetween(from, to)) {
    byDay.set(date, { date });
  }
  for (const cell of cells) {
    const row = byDay.get(cell.date) ?? { date: cell.date };
    const key = keptKeys.has(cell.key) ? cell.key : OTHERS_KEY;
    row[key] = round2(((row[key] as number | undefined) ?? 0) + cell.minutes / 60);
    byDay.set(cell.date, row);
  }
  const rows = [...byDay.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  return { rows, series };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A palette whose neighbours stay apart (up to the plan view's ten plans plus the rest); 'Others' is grey. */
export const SERIES_COLOURS = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#722ed1',
  '#eb2f96',
  '#13c2c2',
  '#a0d911',
  '#faad14',
  '#2f54eb',
  '#f5222d',
  '#08979c',
];

export function seriesColour(key: string, index: number): string {
  return key === OTHERS_KEY || key === 'other'
    ? '#8c8c8c'
    : (SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#1677ff');
}
