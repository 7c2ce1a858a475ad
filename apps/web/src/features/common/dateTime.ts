/** 'MM/DD/YYYY HH:MM' in the viewer's zone (the spec's date order, a 24-hour clock); `empty` when there is none. */
export function formatDateTime(iso: string | null, empty = 'Never'): string {
  if (!iso) {
    return empty;
  }
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
