import { formatMinutes } from '@portal/domain';

/** Hours as hh:mm (doc 2 §9); a missing figure shows as a dash rather than 00:00, which would read as "nothing logged". */
export function formatHours(minutes: number | null | undefined): string {
  return minutes === null || minutes === undefined ? '—' : formatMinutes(minutes);
}

/** A percentage the API sends as 0–100 with one decimal, shown whole: 45.6 → '46%'; null (nothing to divide by) → '—'. */
export function formatPercent(percent: number | null | undefined): string {
  return percent === null || percent === undefined || !Number.isFinite(percent) ? '—' : `${Math.round(percent)}%`;
}

/** part / whole as a percentage rounded to one decimal; 0 when there is no whole (a plan without budget). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) {
    return 0;
  }
  return Math.round((part / whole) * 1000) / 10;
}

/** YYYY-MM-DD → MM/DD/YYYY (doc 2 §9 display dates). */
export function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** YYYY-MM-DD → 'Nov 03' for chart axes, where the year would only crowd the labels. */
export function shortDay(iso: string): string {
  return `${MONTHS[Number(iso.slice(5, 7)) - 1] ?? ''} ${iso.slice(8, 10)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The report's default range (doc 2 §9): the last 30 days, today included. */
export function lastDays(days: number, today: Date = new Date()): { from: string; to: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(start), to: isoDay(today) };
}

/** Every day from `from` to `to` inclusive, so a chart shows the days nobody logged as gaps rather than skipping them. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const cursor = new Date(fy ?? 0, (fm ?? 1) - 1, fd ?? 1);
  const end = new Date(ty ?? 0, (tm ?? 1) - 1, td ?? 1);
  // A range a user typed backwards or absurdly long would draw thousands of bars; a year is plenty for a chart.
  for (let i = 0; cursor <= end && i < 366; i += 1) {
    days.push(isoDay(cursor));
    cursor.setDate(cursor.getDate() + 1);
  }
  return days;
}
