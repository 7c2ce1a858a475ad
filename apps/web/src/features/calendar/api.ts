import type {
  CalendarEvent,
  CalendarFeed,
  CalendarKind,
  CalendarMoveField,
  CustomerListItem,
  PlanLite,
  ProjectUser,
} from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListResponse } from '../common/listQuery';

export const CALENDAR_KEY = ['calendar'] as const;

export type CalendarFilters = {
  kinds: CalendarKind[];
  user_uuid?: string;
  project_uuid?: string;
  customer_uuid?: string;
};

export async function listCalendarEvents(
  range: { start: string; end: string },
  filters: CalendarFilters,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const query = {
    start: range.start,
    end: range.end,
    'kinds[]': filters.kinds,
    user_uuid: filters.user_uuid,
    project_uuid: filters.project_uuid,
    customer_uuid: filters.customer_uuid,
  };
  return (await api.get<{ data: CalendarEvent[] }>('/calendar/events', { query, signal })).data;
}

/**
 * Moves an item through its own PUT, the one the task drawer and the request page use, so the same rules apply and a
 * refusal answers the same message.
 */
export function moveEvent(event: CalendarEvent, values: Partial<Record<CalendarMoveField, string>>): Promise<unknown> {
  const path = event.open.type === 'request' ? `/requests/${event.open.uuid}` : `/tasks/${event.open.uuid}`;
  return api.request(path, { method: 'PUT', body: values });
}

export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return (await api.get<{ data: CalendarFeed }>('/calendar/feed', { signal })).data;
}

export async function rotateCalendarFeed(): Promise<CalendarFeed> {
  return (await api.post<{ data: CalendarFeed }>('/calendar/feed/rotate', {})).data;
}

/** The filters' choices: the same lists the task screens' pickers read. */
export async function listPeople(signal?: AbortSignal): Promise<ProjectUser[]> {
  const query = { 'page[size]': 999, 'filters[auth_users.status][]': ['active'] };
  return (await api.get<ListResponse<ProjectUser>>('/project-users', { query, signal })).data;
}

export async function listPlans(signal?: AbortSignal): Promise<PlanLite[]> {
  const query = { 'page[size]': 999, 'filters[projects.status][]': ['active', 'in_progress', 'paused'] };
  return (await api.get<ListResponse<PlanLite>>('/projects/lite', { query, signal })).data;
}

export async function listClients(signal?: AbortSignal): Promise<CustomerListItem[]> {
  const query = buildListQuery({ size: 999, filters: { status: ['active'] }, sortBy: 'business_name' });
  return (await api.get<ListResponse<CustomerListItem>>('/customers', { query, signal })).data;
}
