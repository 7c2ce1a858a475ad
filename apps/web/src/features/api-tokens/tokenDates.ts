/** The expiry choices of a new token; a year is the longest the API accepts (API_TOKEN_MAX_DAYS). */
export const EXPIRY_CHOICES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

/** The instant `days` whole days from `now`, as the API takes it. */
export function expiryFrom(days: number, now: Date = new Date()): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}

/** 'MM/DD/YYYY HH:MM' in the viewer's zone; the empty text for a token never used. */
export function formatTokenTime(iso: string | null, never = 'Never'): string {
  if (!iso) {
    return never;
  }
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function isExpired(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).getTime() <= now.getTime();
}
