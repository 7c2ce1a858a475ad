import { addDaysIso, daysBetweenIso } from '../timelogs/timeEntry';

/**
 * The chart tab's timeline (doc 2 §2: a timeline of tasks by start and due date): one bar per task from its start
 * date to its due date, on a shared day axis. Pure layout so it can be tested; the component draws it with CSS.
 */
export interface TimelineInput {
  uuid: string;
  start_date: string | null;
  end_date: string | null;
}

export interface TimelineBar {
  uuid: string;
  /** Days from the axis start to the bar's first day. */
  offset: number;
  /** Days the bar covers, at least 1 (both ends included). */
  span: number;
  /** True when only one of the dates was known. */
  partial: boolean;
}

export interface TimelineLayout {
  start: string;
  days: number;
  bars: TimelineBar[];
  /** Tasks without any date, which have no place on the axis. */
  undated: string[];
  /** First days of the months inside the axis, with their day offset (the axis labels). */
  months: { iso: string; offset: number }[];
}

export function layoutTimeline(tasks: readonly TimelineInput[], padDays = 1): TimelineLayout | null {
  const dated: { uuid: string; from: string; to: string; partial: boolean }[] = [];
  const undated: string[] = [];
  for (const task of tasks) {
    const from = task.start_date?.slice(0, 10) || task.end_date?.slice(0, 10);
    const to = task.end_date?.slice(0, 10) || task.start_date?.slice(0, 10);
    if (!from || !to) {
      undated.push(task.uuid);
      continue;
    }
    const [a, b] = from <= to ? [from, to] : [to, from];
    dated.push({ uuid: task.uuid, from: a, to: b, partial: !task.start_date || !task.end_date });
  }
  if (dated.length === 0) {
    return null;
  }
  let min = dated[0]?.from as string;
  let max = dated[0]?.to as string;
  for (const item of dated) {
    if (item.from < min) {
      min = item.from;
    }
    if (item.to > max) {
      max = item.to;
    }
  }
  const start = addDaysIso(min, -padDays);
  const days = daysBetweenIso(start, max) + 1 + padDays;
  const bars = dated.map((item) => ({
    uuid: item.uuid,
    offset: daysBetweenIso(start, item.from),
    span: daysBetweenIso(item.from, item.to) + 1,
    partial: item.partial,
  }));
  const months: { iso: string; offset: number }[] = [];
  let cursor = `${start.slice(0, 7)}-01`;
  while (daysBetweenIso(start, cursor) < days) {
    const offset = daysBetweenIso(start, cursor);
    if (offset >= 0) {
      months.push({ iso: cursor, offset });
    }
    const [y, m] = cursor.split('-').map(Number) as [number, number];
    cursor = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  return { start, days, bars, undated, months };
}
