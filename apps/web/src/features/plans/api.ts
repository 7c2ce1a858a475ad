import type { Plan, PlanCreateInput, PlanFile, PlanHistoryEntry, PlanType, ProjectUser } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const PLANS_KEY = ['plans'] as const;

export function listPlans(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<Plan>>('/projects', { query: buildListQuery(params), signal });
}

export async function getPlan(uuid: string, signal?: AbortSignal): Promise<Plan> {
  return (await api.get<{ data: Plan }>(`/projects/${uuid}`, { signal })).data;
}

export async function createPlan(input: PlanCreateInput): Promise<string> {
  return (await api.post<{ data: { uuid: string } }>('/projects', input)).data.uuid;
}

/** Plan types (GET plans). */
export async function listPlanTypes(signal?: AbortSignal): Promise<PlanType[]> {
  return (await api.get<{ data: PlanType[] }>('/plans', { signal })).data;
}

/** Active staff and freelancers for the Manager picker. */
export function listProjectUsers(search: string | undefined, signal?: AbortSignal) {
  return api.get<ListResponse<ProjectUser>>('/project-users', {
    query: buildListQuery({
      size: 999,
      search,
      filters: { 'auth_users.status': ['active'], type: ['regular_user', 'freelancer'] },
    }),
    signal,
  });
}

export const planHistoryKey = (uuid: string) => [...PLANS_KEY, 'history', uuid] as const;

/** GET projects/{uuid}/history: the plan's own activity, newest first, paged. */
export function listPlanHistory(uuid: string, page: { page: number; size: number }, signal?: AbortSignal) {
  return api.get<ListResponse<PlanHistoryEntry>>(`/projects/${uuid}/history`, {
    query: { 'page[number]': page.page, 'page[size]': page.size },
    signal,
  });
}

export const planFilesKey = (uuid: string) => [...PLANS_KEY, 'files', uuid] as const;

/** GET projects/{uuid}/files: the files of the plan's tasks and requests, newest first, paged. */
export function listPlanFiles(uuid: string, page: { page: number; size: number }, signal?: AbortSignal) {
  return api.get<ListResponse<PlanFile>>(`/projects/${uuid}/files`, {
    query: { 'page[number]': page.page, 'page[size]': page.size },
    signal,
  });
}
