/**
 * The weekly-hours summary turns red while the week's logged minutes are below the day's threshold (doc 1 §9).
 * Index = JavaScript day of week (0 Sunday … 6 Saturday).
 */
export const WEEKLY_MINUTES_THRESHOLDS = [0, 0, 450, 900, 1350, 1800, 2250] as const;

export function isWeeklyTotalBehind(totalMinutes: number, dayOfWeek: number): boolean {
  const threshold = WEEKLY_MINUTES_THRESHOLDS[dayOfWeek];
  if (threshold === undefined) {
    throw new RangeError(`dayOfWeek must be 0-6, got ${dayOfWeek}`);
  }
  return totalMinutes < threshold;
}
