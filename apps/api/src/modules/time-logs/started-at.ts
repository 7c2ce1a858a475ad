import { WALL_CLOCK_START } from '@portal/domain';

/** The zone's offset from UTC at an instant, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
}

/**
 * The instant a started_at names (the contract already checked its form). 'YYYY-MM-DD HH:mm:ss' is a wall-clock
 * time in `timeZone` (the agency's, AGENCY_TIME_ZONE, as weeks and days are); across a DST change the offset in force
 * at that wall time wins, and a time skipped by the change moves forward by the gap. ISO 8601 carries its offset.
 */
export function readStartedAt(value: string | null | undefined, timeZone: string): Date | null | undefined {
  if (value === null || value === undefined) {
    return value;
  }
  const wall = WALL_CLOCK_START.exec(value);
  if (!wall) {
    return new Date(value);
  }
  const [, y, mo, d, h, mi, s] = wall.map(Number) as number[];
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  const first = asUtc - zoneOffsetMs(asUtc, timeZone);
  const second = asUtc - zoneOffsetMs(first, timeZone);
  return new Date(second === first ? first : Math.max(first, second));
}
