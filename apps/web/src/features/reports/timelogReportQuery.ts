import {
  APP_USER_TYPES,
  PROJECT_TYPES,
  REPORT_DEFAULT_DAYS,
  TIMELOG_CATEGORIES,
  TIMELOG_SOURCES,
  type TimeLogReportTotals,
} from '@portal/domain';
import type { QueryValue } from '../../api/client';
import type { TableFilters, TableSort } from '../../components/DataTable/tableState';
import type { DayCell } from './chartSeries';
import { lastDays } from './reportFormat';

export type StackBy = 'user' | 'project';

/**
 * The timelog report's filters as the table toolkit keeps them (address + saved state). The dates ([from, to], one
 * filter so a change writes both at once) default to empty, meaning "the last 30 days up to today": a saved default
 * range would otherwise go stale a day later. Which day is today is the server's answer (the agency's time zone,
 * meta.window), not the browser's: in the hours when the two calendars differ, a browser-made range counted another
 * day's logs than the API's default and the export. The address
 * names avoid the global modals' parameters (plan, user). An empty list is every value: the report's default sources
 * (task and request) and plan types (retainer, hosting, others) are all of them (doc 2 §9), and "All sources" reads
 * better than a select holding every choice.
 */
export const TIMELOG_REPORT_FILTERS: TableFilters = {
  dates: [],
  project: [],
  person: [],
  user_type: [],
  project_type: [],
  source: [],
  category: [],
  missed: [],
  stack: ['user'],
};

/** The time-log table by date, newest first (doc 2 §9). */
export const TIMELOG_REPORT_SORT: TableSort = { by: 'date', direction: 'desc' };
export const TIMELOG_REPORT_PAGE_SIZES = [50, 100, 200, 500];

export interface DayRange {
  from: string;
  to: string;
}

/** The range the user chose, or null for the default window (a broken one in the address counts as none). */
export function chosenRange(filters: TableFilters): DayRange | null {
  const [from, to] = filters.dates ?? [];
  if (from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to)) {
    return { from, to };
  }
  return null;
}

/**
 * The range the report shows: the chosen one, else the window the server answered with (meta.window), else, until
 * the first answer, the last 30 days by the browser's calendar (a placeholder the answer replaces).
 */
export function reportRange(
  filters: TableFilters,
  served?: { date_from: string; date_to: string },
  today: Date = new Date(),
): DayRange {
  return (
    chosenRange(filters) ??
    (served ? { from: served.date_from, to: served.date_to } : lastDays(REPORT_DEFAULT_DAYS, today))
  );
}

export function stackBy(filters: TableFilters): StackBy {
  return filters.stack?.[0] === 'project' ? 'project' : 'user';
}

/** A list filter sends nothing when empty or when every value is chosen (the same rows, a shorter query). */
function listFilter(values: readonly string[] | undefined, all?: readonly string[]): string[] | undefined {
  if (!values || values.length === 0) {
    return undefined;
  }
  if (all?.every((value) => values.includes(value))) {
    return undefined;
  }
  return [...values];
}

/** The filters of GET reports/time-logs (and of the export, which takes the same ones). */
export function timelogFilterQuery(filters: TableFilters): Record<string, QueryValue> {
  const range = chosenRange(filters);
  return {
    date_from: range?.from,
    date_to: range?.to,
    project_uuid: filters.project?.[0],
    user_uuid: filters.person?.[0],
    'user_type[]': listFilter(filters.user_type, APP_USER_TYPES),
    'project_type[]': listFilter(filters.project_type, PROJECT_TYPES),
    'source[]': listFilter(filters.source, TIMELOG_SOURCES),
    'category[]': listFilter(filters.category, TIMELOG_CATEGORIES),
    missed_only: filters.missed?.[0] === '1' ? 1 : undefined,
  };
}

export function timelogReportQuery(
  filters: TableFilters,
  paging: { page: number; size: number; sort: TableSort | null },
): Record<string, QueryValue> {
  return {
    ...timelogFilterQuery(filters),
    'page[size]': paging.size,
    'page[number]': paging.page,
    'sort[by]': paging.sort?.by,
    'sort[direction]': paging.sort?.direction,
  };
}

/** The chart's cells from the report's per-day stacks, named from the per-person and per-plan totals. */
export function dayCells(totals: TimeLogReportTotals, by: StackBy): DayCell[] {
  const cells: DayCell[] = [];
  if (by === 'user') {
    const names = new Map(totals.by_user.map((t) => [t.user.uuid, t.user.name]));
    for (const day of totals.by_day) {
      for (const part of day.by_user) {
        cells.push({ date: day.date, key: part.uuid, label: names.get(part.uuid) ?? 'Unknown', minutes: part.minutes });
      }
    }
    return cells;
  }
  const titles = new Map(totals.by_project.flatMap((t) => (t.project ? [[t.project.uuid, t.project.title]] : [])));
  for (const day of totals.by_day) {
    for (const part of day.by_project) {
      cells.push({
        date: day.date,
        key: part.uuid ?? 'other',
        label: part.uuid ? (titles.get(part.uuid) ?? 'Unknown plan') : 'Other plans',
        minutes: part.minutes,
      });
    }
  }
  return cells;
}

/**
 * The export of the report's logs: GET reports/time-logs/export-all with every filter of the report and its sort,
 * so the file holds exactly the logs the report counts, in the table's order (the export adds page[size] and format).
 */
export function timelogExportSource(
  filters: TableFilters,
  sort: TableSort | null,
): { path: string; query: Record<string, QueryValue> } {
  return {
    path: 'reports/time-logs/export-all',
    query: { ...timelogFilterQuery(filters), 'sort[by]': sort?.by, 'sort[direction]': sort?.direction },
  };
}
