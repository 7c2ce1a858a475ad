import type {
  HistoryEntry,
  Plan,
  PlanLite,
  ProjectUser,
  Tag,
  Task,
  TaskCreateInput,
  TaskListItem,
  TaskUpdateInput,
} from '@portal/domain';
import { api } from '../../api';
import type { QueryValue } from '../../api/client';
import type { ListResponse } from '../common/listQuery';
import { REF_TOKEN } from './refToken';

export const TASKS_KEY = ['tasks'] as const;

export function taskKey(uuid: string) {
  return [...TASKS_KEY, 'one', uuid] as const;
}

export async function getTask(uuid: string, signal?: AbortSignal): Promise<Task> {
  return (await api.get<{ data: Task }>(`/tasks/${uuid}`, { signal })).data;
}

export async function createTask(input: TaskCreateInput): Promise<Task> {
  return (await api.post<{ data: Task }>('/tasks', { ...input, ref_token: REF_TOKEN })).data;
}

export async function updateTask(uuid: string, input: TaskUpdateInput): Promise<Task> {
  return (
    await api.request<{ data: Task }>(`/tasks/${uuid}`, { method: 'PUT', body: { ...input, ref_token: REF_TOKEN } })
  ).data;
}

export async function getDescriptionDelta(uuid: string, signal?: AbortSignal): Promise<unknown> {
  return (await api.get<{ data: { description_delta: unknown } }>(`/tasks/${uuid}/description-delta`, { signal })).data
    .description_delta;
}

export async function putDescriptionDelta(uuid: string, delta: unknown): Promise<void> {
  await api.request(`/tasks/${uuid}/description-delta`, {
    method: 'PUT',
    body: { description_delta: delta, ref_token: REF_TOKEN },
  });
}

export async function getTaskHistory(uuid: string, before: number | undefined, signal?: AbortSignal) {
  return (await api.get<{ data: HistoryEntry[] }>(`/tasks/${uuid}/logs`, { query: { before }, signal })).data;
}

/** GET tasks: the project tasks list; the query is built by taskListQuery in taskFilters.ts. */
export function listTasks(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return api.get<ListResponse<TaskListItem>>('/tasks', { query, signal });
}

export async function listTags(signal?: AbortSignal): Promise<Tag[]> {
  return (await api.get<ListResponse<Tag>>('/tags', { query: { 'page[size]': 500 }, signal })).data;
}

/** The caller's personal plan (the server creates it on first use). */
export async function getPersonalPlan(signal?: AbortSignal): Promise<Plan | undefined> {
  return (await api.get<ListResponse<Plan>>('/projects', { query: { personal_only: true }, signal })).data[0];
}

/** Plans a task can be put in: every status but completed and cancelled. */
export async function listPlanChoices(signal?: AbortSignal): Promise<PlanLite[]> {
  return (
    await api.get<ListResponse<PlanLite>>('/projects/lite', {
      query: {
        'page[size]': 999,
        'filters[projects.status][]': ['active', 'in_progress', 'waiting_to_launch', 'paused', 'blueprint'],
      },
      signal,
    })
  ).data;
}

/** Active staff and freelancers: who may be responsible for or follow a task (doc 2 §5). */
export async function listAssignableUsers(signal?: AbortSignal): Promise<ProjectUser[]> {
  return (
    await api.get<ListResponse<ProjectUser>>('/project-users', {
      query: {
        'page[size]': 999,
        'filters[auth_users.status][]': ['active'],
        'filters[type][]': ['regular_user', 'freelancer'],
      },
      signal,
    })
  ).data;
}
