import type {
  GeneralReport,
  ProjectTimeReportResponse,
  TimeLogReportResponse,
  UserPerformanceDetail,
  UserPerformanceListResponse,
} from '@portal/domain';
import { api } from '../../api';
import type { QueryValue } from '../../api/client';

export const REPORTS_KEY = ['reports'] as const;

export function getTimeLogReport(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return api.get<TimeLogReportResponse>('/reports/time-logs', { query, signal });
}

export function getProjectTimeReport(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return api.get<ProjectTimeReportResponse>('/reports/project-time', { query, signal });
}

export function getUserPerformance(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return api.get<UserPerformanceListResponse>('/reports/user-performance', { query, signal });
}

export async function getUserPerformanceDetail(
  userUuid: string,
  query: Record<string, QueryValue>,
  signal?: AbortSignal,
) {
  return (await api.get<{ data: UserPerformanceDetail }>(`/reports/user-performance/${userUuid}`, { query, signal }))
    .data;
}

/** Completed minutes on requests and on tasks (doc 2 §7: filters[status][]=completed). */
export async function getGeneralReport(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return (
    await api.get<{ data: GeneralReport }>('/projects/time-log/general-report', {
      query: { 'filters[status][]': ['completed'], ...query },
      signal,
    })
  ).data;
}
