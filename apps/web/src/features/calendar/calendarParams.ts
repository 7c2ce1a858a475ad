import { CALENDAR_KINDS, type CalendarKind, type CalendarMoveField } from '@portal/domain';
import { CALENDAR_VIEW_NAMES, type CalendarViewKey } from '../../components/Calendar/views';
import type { CalendarFilters } from './api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The calendar's views; `agenda` is FullCalendar's list view of the month. */
export const CALENDAR_VIEWS = CALENDAR_VIEW_NAMES;
export type CalendarView = CalendarViewKey;

/** The filters and view kept in the address (?view=&kinds=task,request&user=&plan=&client=&date=). */
export function readCalendarParams(params: URLSearchParams, narrow: boolean) {
  const kinds = (params.get('kinds') ?? '')
    .split(',')
    .filter((k): k is CalendarKind => (CALENDAR_KINDS as readonly string[]).includes(k));
  const uuid = (name: string) => {
    const value = params.get(name);
    return value && UUID.test(value) ? value : undefined;
  };
  const view = params.get('view');
  const date = params.get('date');
  const filters: CalendarFilters = {
    kinds,
    user_uuid: uuid('user'),
    project_uuid: uuid('plan'),
    customer_uuid: uuid('client'),
  };
  return {
    filters,
    // At 390 px a month grid cannot fit; the agenda can.
    view: view && view in CALENDAR_VIEWS ? (view as CalendarView) : narrow ? 'agenda' : 'month',
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
  };
}

/** A calendar date (YYYY-MM-DD) of a local Date, as FullCalendar hands ranges and all-day dates. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day before a YYYY-MM-DD date: an all-day event's exclusive end gives its last day. */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** What a drop sends to the item's PUT: the fields it moves, at the new first day, last day or day. */
export function moveValues(
  moves: readonly CalendarMoveField[],
  newStart: string,
  newEnd: string | null,
): Partial<Record<CalendarMoveField, string>> {
  const last = newEnd ? dayBefore(newEnd) : newStart;
  const values: Partial<Record<CalendarMoveField, string>> = {};
  for (const field of moves) {
    values[field] = field === 'end_date' ? last : newStart;
  }
  return values;
}
