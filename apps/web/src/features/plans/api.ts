import type { Plan, PlanCreateInput, PlanType, ProjectUser } from '@portal/domain';
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
