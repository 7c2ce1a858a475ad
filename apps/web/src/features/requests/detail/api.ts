import type {
  HistoryEntry,
  RequestDetail,
  RequestListResponse,
  RequestUpdateInput,
  TaskListItem,
  TimeLog,
} from '@portal/domain';
import { api } from '../../../api';
import type { TableListParams } from '../../../components/DataTable';
import { buildListQuery, type ListResponse } from '../../common/listQuery';
import { REF_TOKEN } from '../../tasks/refToken';
import { RELATION_OFFER_SIZE, RELATION_OFFER_STATUSES } from '../../tasks/relationRules';
import { REQUESTS_KEY } from '../list/api';

export function requestKey(uuid: string) {
  return [...REQUESTS_KEY, 'one', uuid] as const;
}

const DETAIL_WITH = 'total_timelogs,project_time,uploads,tasks';

/** GET /requests/{uuid} with what the detail shows (doc 2 §7). */
export async function getRequest(uuid: string, signal?: AbortSignal): Promise<RequestDetail> {
  return (await api.get<{ data: RequestDetail }>(`/requests/${uuid}`, { query: { with: DETAIL_WITH }, signal })).data;
}

/** PUT /requests/{uuid}: completing may answer 422 code 'completion_checks' (see completionChecksOf). */
export async function updateRequest(uuid: string, input: RequestUpdateInput): Promise<RequestDetail> {
  return (
    await api.request<{ data: RequestDetail }>(`/requests/${uuid}`, {
      method: 'PUT',
      query: { with: DETAIL_WITH },
      body: { ...input, ref_token: REF_TOKEN },
    })
  ).data;
}

/** GET /request/{uuid}/logs?before={id}: newest first; more pages while the last entry is not the create. */
export async function getRequestHistory(uuid: string, before: number | undefined, signal?: AbortSignal) {
  return (await api.get<{ data: HistoryEntry[] }>(`/request/${uuid}/logs`, { query: { before }, signal })).data;
}

/** POST /requests/{uuid}/tasks: relates tasks to the request (a task holds one request). */
export async function relateTasks(uuid: string, tasks: string[]): Promise<void> {
  await api.post(`/requests/${uuid}/tasks`, { tasks });
}

export async function unrelateTask(uuid: string, taskUuid: string): Promise<void> {
  await api.request(`/requests/${uuid}/tasks/${taskUuid}`, { method: 'DELETE' });
}

/** Tasks of the request's plan a request may take: active statuses, each with its current request. */
export function listRelatableTasks(projectUuid: string | undefined, search: string, signal?: AbortSignal) {
  return api.get<ListResponse<TaskListItem>>('/project-tasks', {
    query: {
      'page[size]': RELATION_OFFER_SIZE,
      'filters[project][]': projectUuid ? [projectUuid] : undefined,
      'filters[task_status][]': RELATION_OFFER_STATUSES,
      with: 'requests_count,request',
      'search_term[0][0]': search || undefined,
    },
    signal,
  });
}

export function listRequestTimeLogs(uuid: string, params: TableListParams, signal?: AbortSignal) {
  return api.get<ListResponse<TimeLog>>(`/requests/${uuid}/time-logs`, { query: buildListQuery(params), signal });
}

/** POST /time-log with request_id (doc 2 §7): a completed entry on the request. */
export async function createRequestTimeLog(input: {
  requestUuid: string;
  minutes: number;
  date: string;
  description: string;
  userUuid?: string;
}): Promise<TimeLog> {
  return (
    await api.post<{ data: TimeLog }>('/time-log', {
      request_id: input.requestUuid,
      user_id: input.userUuid,
      minutes: input.minutes,
      date: input.date,
      description: input.description,
      status: 'completed',
      ref_token: REF_TOKEN,
    })
  ).data;
}

/** Open requests a task may be related to (the task drawer's Request card). */
export function listRelatableRequests(projectUuid: string, search: string, signal?: AbortSignal) {
  return api.get<RequestListResponse>('/requests', {
    query: {
      'page[size]': 50,
      'filters[project.uuid]': projectUuid,
      'filters[projects_requests.status][]': ['new', 'in_progress', 'waiting_approval', 'approved', 'needs_attention'],
      'project_type[]': ['retainer', 'hosting', 'others'],
      search_term: search || undefined,
    },
    signal,
  });
}

/** PUT project-tasks/{taskUuid}: relate or unrelate one request from the task's side. */
export async function setTaskRequest(taskUuid: string, change: { add?: string; remove?: string }): Promise<void> {
  await api.request(`/project-tasks/${taskUuid}`, {
    method: 'PUT',
    body: {
      ...(change.add ? { add_requests: [change.add] } : {}),
      ...(change.remove ? { remove_requests: [change.remove] } : {}),
    },
  });
}
