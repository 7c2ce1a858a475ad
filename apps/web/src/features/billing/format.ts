/** A calendar day (YYYY-MM-DD) as the screens show dates: "Nov 19, 2026". The day is not shifted by the browser's zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Only an https link from the provider becomes a link (the value is stored as Stripe sent it). */
export function safeHttpsUrl(url: string | null): string | null {
  if (!url) {
    return null;
  }
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
