import type { Administration, AdministrationUpdateInput, PlanRatesRow, PlanRatesUpdateInput } from '@portal/domain';
import { api } from '../../api';

export const ADMINISTRATION_KEY = ['administration'] as const;
export const PLAN_RATES_KEY = ['administration', 'plan-rates'] as const;

export async function getAdministration(signal?: AbortSignal): Promise<Administration> {
  return (await api.get<{ data: Administration }>('/administration', { signal })).data;
}

export async function updateAdministration(input: AdministrationUpdateInput): Promise<Administration> {
  return (await api.request<{ data: Administration }>('/administration', { method: 'PUT', body: input })).data;
}

export async function listPlanRates(signal?: AbortSignal): Promise<PlanRatesRow[]> {
  return (await api.get<{ data: PlanRatesRow[] }>('/administration/plan-rates', { signal })).data;
}

export async function setPlanRates(projectUuid: string, input: PlanRatesUpdateInput): Promise<PlanRatesRow> {
  return (
    await api.request<{ data: PlanRatesRow }>(`/administration/plan-rates/${projectUuid}`, {
      method: 'PUT',
      body: input,
    })
  ).data;
}
