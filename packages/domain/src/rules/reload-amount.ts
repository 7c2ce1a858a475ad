/**
 * The reload amount (a plan's hour credits) as the create-plan modal edits it (doc 1 §5): typed digits are divided
 * by 100 and shown as hours:minutes, zero shows empty, and a value with a colon is converted to minutes before it
 * is sent. The API stores and answers minutes.
 */

/** Digits typed into the field → display text: '1000' → '10:00', '130' → '1:30', '5' → '0:05', '0' → ''. */
export function formatReloadInput(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  if (!digits) {
    return '';
  }
  const value = Number.parseInt(digits, 10);
  const hours = Math.floor(value / 100);
  const minutes = value % 100;
  return `${hours}:${String(minutes).padStart(2, '0')}`;
}

/** Display text or minutes → minutes: '10:00' → 600, '1:30' → 90, '' → 0; a bare number is taken as minutes. */
export function reloadToMinutes(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') {
    return 0;
  }
  if (typeof value === 'number') {
    return Math.max(0, Math.round(value));
  }
  const trimmed = value.trim();
  const match = /^(\d+):(\d{1,2})$/.exec(trimmed);
  if (match) {
    return Number(match[1]) * 60 + Number(match[2]);
  }
  if (/^\d+$/.test(trimmed)) {
    return Number(trimmed);
  }
  return Number.NaN;
}

/** Minutes → display text: 600 → '10:00', 90 → '1:30', 0 → '' (zero shows empty). */
export function minutesToReload(minutes: number): string {
  if (!minutes || minutes <= 0) {
    return '';
  }
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
