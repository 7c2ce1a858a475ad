/**
 * Scheduled sending (doc 2 §5, §9): comments go out on working days within 08:00–16:45 New York time, in 15-minute
 * steps, never during the 12:00 lunch hour; the screens show those times in the user's zone. Pure functions shared by
 * the Schedule send dialogs and the API, which refuses any other send_at.
 */

export const SCHEDULE_TIME_ZONE = 'America/New_York';
export const SCHEDULE_STEP_MINUTES = 15;
/** Minutes after midnight, New York time. */
export const WORK_START_MINUTES = 8 * 60;
export const WORK_END_MINUTES = 16 * 60 + 45;
export const LUNCH_START_MINUTES = 12 * 60;
export const LUNCH_END_MINUTES = 13 * 60;
/** The preselected time of the Pick date & time dialog: 8:00 AM. */
export const DEFAULT_SCHEDULE_MINUTES = 8 * 60;

export type CalendarDate = { year: number; month: number; day: number };
type ZonedParts = CalendarDate & { hour: number; minute: number; weekday: number };

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall-clock reading of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** The instant at which a zone's clock reads this date and minute of day (twice corrected for DST edges). */
export function zonedTime(date: CalendarDate, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, Math.floor(minutes / 60), minutes % 60);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const read = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wall - read;
  }
  return new Date(guess);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function isWeekend(date: CalendarDate): boolean {
  const day = weekdayOf(date);
  return day === 0 || day === 6;
}

export function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** YYYY-MM-DD. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Working minutes of a day (New York time): 08:00 … 16:45 in 15-minute steps, without the lunch hour. */
export function workingSlotMinutes(): number[] {
  const slots: number[] = [];
  for (let m = WORK_START_MINUTES; m <= WORK_END_MINUTES; m += SCHEDULE_STEP_MINUTES) {
    if (m < LUNCH_START_MINUTES || m >= LUNCH_END_MINUTES) {
      slots.push(m);
    }
  }
  return slots;
}

/** The instants one can schedule on a New York calendar date, after `now`. Weekends have none. */
export function scheduleSlots(date: CalendarDate, now: Date): Date[] {
  if (isWeekend(date)) {
    return [];
  }
  return workingSlotMinutes()
    .map((m) => zonedTime(date, m, SCHEDULE_TIME_ZONE))
    .filter((instant) => instant.getTime() > now.getTime());
}

/** The date picker's rule: weekends, past days and today once its working window has passed are disabled. */
export function isSchedulableDate(date: CalendarDate, now: Date): boolean {
  return scheduleSlots(date, now).length > 0;
}

/** Whether a send time is one the dialogs offer: in the future, a working day, a working slot (New York time). */
export function isValidSendAt(sendAt: Date, now: Date): boolean {
  if (Number.isNaN(sendAt.getTime()) || sendAt.getTime() <= now.getTime()) {
    return false;
  }
  const p = zonedParts(sendAt, SCHEDULE_TIME_ZONE);
  const minutes = p.hour * 60 + p.minute;
  return (
    p.weekday !== 0 &&
    p.weekday !== 6 &&
    sendAt.getUTCSeconds() === 0 &&
    sendAt.getUTCMilliseconds() === 0 &&
    workingSlotMinutes().includes(minutes)
  );
}

/** The New York calendar date of an instant. */
export function scheduleDateOf(instant: Date): CalendarDate {
  const p = zonedParts(instant, SCHEDULE_TIME_ZONE);
  return { year: p.year, month: p.month, day: p.day };
}

/** The next working day after `date` (Friday → Monday). */
export function nextWorkingDay(date: CalendarDate): CalendarDate {
  let next = addDays(date, 1);
  while (isWeekend(next)) {
    next = addDays(next, 1);
  }
  return next;
}

/** Time-of-day labels (doc 2 §9): morning 5–12, afternoon 12–17, evening 17–21, night otherwise. */
export function timeOfDayLabel(hour: number): 'morning' | 'afternoon' | 'evening' | 'night' {
  if (hour >= 5 && hour < 12) {
    return 'morning';
  }
  if (hour >= 12 && hour < 17) {
    return 'afternoon';
  }
  if (hour >= 17 && hour < 21) {
    return 'evening';
  }
  return 'night';
}

export type SchedulePreset = { label: string; sendAt: Date };

const AFTERNOON_MINUTES = 13 * 60;

/**
 * The three presets of the Schedule send dialog, by day and time: the next working morning (8:00 AM New York) and
 * afternoon (1:00 PM) still ahead, weekends skipping to Monday. Labels read in the user's zone ('Tomorrow morning',
 * 'Monday afternoon').
 */
export function schedulePresets(now: Date, userTimeZone: string): SchedulePreset[] {
  const presets: SchedulePreset[] = [];
  let date = scheduleDateOf(now);
  if (isWeekend(date)) {
    date = nextWorkingDay(date);
  }
  const today = zonedParts(now, userTimeZone);
  while (presets.length < 3) {
    for (const minutes of [WORK_START_MINUTES, AFTERNOON_MINUTES]) {
      const sendAt = zonedTime(date, minutes, SCHEDULE_TIME_ZONE);
      if (sendAt.getTime() > now.getTime() && presets.length < 3) {
        presets.push({ label: presetLabel(sendAt, today, userTimeZone), sendAt });
      }
    }
    date = nextWorkingDay(date);
  }
  return presets;
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function presetLabel(sendAt: Date, today: CalendarDate, userTimeZone: string): string {
  const local = zonedParts(sendAt, userTimeZone);
  const day = { year: local.year, month: local.month, day: local.day };
  const dayLabel = sameDate(day, today)
    ? 'This'
    : sameDate(day, addDays(today, 1))
      ? 'Tomorrow'
      : (DAY_NAMES[local.weekday] ?? '');
  return `${dayLabel} ${timeOfDayLabel(local.hour)}`;
}

/** 'YYYY-MM-DD HH:mm:ss' (read in `timeZone`) or ISO 8601 with an offset → the instant, or null. */
export function parseSendAt(value: string, timeZone: string): Date | null {
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (plain) {
    const [, y, mo, d, h, mi, s] = plain.map(Number) as number[];
    const instant = zonedTime({ year: y ?? 0, month: mo ?? 0, day: d ?? 0 }, (h ?? 0) * 60 + (mi ?? 0), timeZone);
    return new Date(instant.getTime() + (s ?? 0) * 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) {
    return null;
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
