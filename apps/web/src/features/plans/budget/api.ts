import type { Budget, Credit } from '@portal/domain';
import { api } from '../../../api';
import type { TableListParams } from '../../../components/DataTable';
import { buildListQuery, type ListResponse } from '../../common/listQuery';

export const budgetKey = (planUuid: string) => ['plans', 'budget', planUuid] as const;

export async function getBudget(planUuid: string, signal?: AbortSignal): Promise<Budget> {
  return (await api.get<{ data: Budget }>(`/projects/${planUuid}/budget`, { signal })).data;
}

export function listCredits(planUuid: string, params: TableListParams, signal?: AbortSignal) {
  return api.get<ListResponse<Credit>>(`/projects/${planUuid}/credits`, { query: buildListQuery(params), signal });
}

export async function addAdjustment(planUuid: string, input: { total_time: number; note: string }) {
  return (await api.post<{ data: Credit }>(`/projects/${planUuid}/credits`, input)).data;
}

export async function setRollover(
  planUuid: string,
  input: { rollover: Budget['rollover']; rollover_cap: number | null },
) {
  return (await api.request<{ data: Budget }>(`/projects/${planUuid}/budget`, { method: 'PUT', body: input })).data;
}
