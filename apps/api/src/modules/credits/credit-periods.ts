/** The agency's calendar date (YYYY-MM-DD) at an instant: periods turn at local midnight, not UTC midnight. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

/**
 * start + n months, clamped to the month's last day (Jan 31 → Feb 28 → Mar 31): always counted from the plan's
 * start date, never chained, so a plan started on the 31st keeps the 31st whenever the month has one.
 */
export function addMonths(start: string, n: number): string {
  const [y, m, d] = parts(start);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The monthly period (from the plan's start date) holding `today`, or null before the plan starts. */
export function periodAt(startDate: string, today: string): { start: string; next: string } | null {
  if (today < startDate) {
    return null;
  }
  const [sy, sm] = parts(startDate);
  const [ty, tm] = parts(today);
  let n = (ty - sy) * 12 + (tm - sm);
  if (addMonths(startDate, n) > today) {
    n -= 1;
  }
  return { start: addMonths(startDate, n), next: addMonths(startDate, n + 1) };
}
