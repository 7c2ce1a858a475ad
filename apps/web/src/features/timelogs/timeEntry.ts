/**
 * Time-entry rules of doc 2 §5 as pure functions: the time field takes digits and shows them as HH:MM, dates are
 * typed MM/DD/YYYY and sent YYYY-MM-DD.
 */

/** Digits typed into the time field → 'HH:MM' (the last two digits are minutes): '130' → '01:30', '' → ''. */
export function formatTimeInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '').slice(-4);
  if (!digits) {
    return '';
  }
  const padded = digits.padStart(4, '0');
  return `${padded.slice(0, 2)}:${padded.slice(2)}`;
}

/** 'HH:MM' (or 'H:MM') → minutes; anything else → NaN. Minutes above 59 are carried into hours ('00:90' → 90). */
export function timeInputToMinutes(text: string | null | undefined): number {
  const match = /^(\d{1,3}):(\d{2})$/.exec((text ?? '').trim());
  if (!match) {
    return Number.NaN;
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes → 'HH:MM' for the time field. */
export function minutesToTimeInput(minutes: number): string {
  const safe = Math.max(0, Math.round(minutes));
  return `${String(Math.floor(safe / 60)).padStart(2, '0')}:${String(safe % 60).padStart(2, '0')}`;
}

/** True when the field holds a time above 00:00 ('Time should be bigger than 00:00'). */
export function isTimeAboveZero(text: string | null | undefined): boolean {
  const minutes = timeInputToMinutes(text);
  return Number.isFinite(minutes) && minutes > 0;
}

/** 'MM/DD/YYYY' → 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function usDateToIso(text: string | null | undefined): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((text ?? '').trim());
  if (!match) {
    return null;
  }
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' (or a timestamp starting with it) → 'MM/DD/YYYY'; '' for anything else. */
export function isoToUsDate(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[2]}/${match[3]}/${match[1]}` : '';
}

/** A local calendar day as 'YYYY-MM-DD' (dates are days in the user's zone, not UTC instants). */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' plus n days, in calendar days. */
export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Whole days from one 'YYYY-MM-DD' to another (negative when `to` is earlier). */
export function daysBetweenIso(from: string, to: string): number {
  const toUtc = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/** A timestamp as the user's local day, MM/DD/YY ('By: …' tooltip); '' when unreadable. */
export function shortUsDate(timestamp: string | null | undefined): string {
  const date = new Date(timestamp ?? '');
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${two(date.getFullYear() % 100)}`;
}

/** A timestamp as the user's local MM/DD/YYYY hh:mm A (Created At columns). */
export function usDateTime(timestamp: string | null | undefined): string {
  const date = new Date(timestamp ?? '');
  if (Number.isNaN(date.getTime())) {
    return '';
  }
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = date.getHours() % 12 || 12;
  return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()} ${two(hours)}:${two(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** Day of week (0 Sunday … 6 Saturday) of a YYYY-MM-DD day, whatever the browser's zone. */
export function isoWeekday(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}
