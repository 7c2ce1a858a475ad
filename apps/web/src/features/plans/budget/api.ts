import type { Budget, Credit } from '@portal/domain';
import { api } from '../../../api';
import type { ListResponse } from '../../common/listQuery';

export const budgetKey = (planUuid: string) => ['plans', 'budget', planUuid] as const;

export async function getBudget(planUuid: string, signal?: AbortSignal): Promise<Budget> {
  return (await api.get<{ data: Budget }>(`/projects/${planUuid}/budget`, { signal })).data;
}

export function listCredits(planUuid: string, page: number, size: number, signal?: AbortSignal) {
  return api.get<ListResponse<Credit>>(`/projects/${planUuid}/credits`, {
    query: { 'page[size]': String(size), 'page[number]': String(page) },
    signal,
  });
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
