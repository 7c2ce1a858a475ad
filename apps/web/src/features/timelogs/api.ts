import type { TaskTimeTotal, TimeLog, TimeLogCreateInput, TimeLogUpdateInput, WeeklySummary } from '@portal/domain';
import { api } from '../../api';
import type { TableListParams } from '../../components/DataTable';
import { buildListQuery, type ListResponse } from '../common/listQuery';
import { REF_TOKEN } from '../tasks/refToken';

/** Every time-log query starts with this key, so one invalidation refreshes timers, tabs and the weekly total. */
export const TIME_LOGS_KEY = ['time-logs'] as const;

export function activeTimersKey(userUuid: string | undefined) {
  return [...TIME_LOGS_KEY, 'active', userUuid] as const;
}

/** The user's running and paused timers (the active-timers dropdown and each task's timer control). */
export async function listActiveTimers(userUuid: string, signal?: AbortSignal): Promise<TimeLog[]> {
  const answer = await api.get<ListResponse<TimeLog>>('/time-log', {
    query: {
      'filters[user.uuid][]': [userUuid],
      'filters[status][]': ['running', 'paused'],
      'page[size]': 100,
    },
    signal,
  });
  return answer.data;
}

export function listTaskTimeLogs(taskUuid: string, params: TableListParams, signal?: AbortSignal) {
  return api.get<ListResponse<TimeLog>>(`/tasks/${taskUuid}/time-logs`, { query: buildListQuery(params), signal });
}

export async function createTimeLog(input: TimeLogCreateInput): Promise<TimeLog> {
  return (await api.post<{ data: TimeLog }>('/time-log', { ...input, ref_token: REF_TOKEN })).data;
}

export async function updateTimeLog(uuid: string, input: TimeLogUpdateInput): Promise<TimeLog> {
  return (
    await api.request<{ data: TimeLog }>(`/time-log/${uuid}`, {
      method: 'PUT',
      body: { ...input, ref_token: REF_TOKEN },
    })
  ).data;
}

export async function deleteTimeLog(uuid: string): Promise<void> {
  await api.request(`/time-log/${uuid}`, { method: 'DELETE' });
}

export async function getWeeklySummary(signal?: AbortSignal): Promise<WeeklySummary> {
  return (await api.get<{ data: WeeklySummary }>('/time-log/weekly-summary', { signal })).data;
}

export async function getTaskTimeTotal(
  taskUuid: string,
  userUuid: string,
  signal?: AbortSignal,
): Promise<TaskTimeTotal> {
  return (await api.get<{ data: TaskTimeTotal }>(`/project-tasks/${taskUuid}/time-logs/${userUuid}`, { signal })).data;
}
