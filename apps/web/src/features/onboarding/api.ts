import type {
  OnboardingBoard,
  OnboardingDetail,
  OnboardingInformation,
  OnboardingInformationUpdateInput,
  OnboardingItem,
  OnboardingItemUpdateInput,
  OnboardingListItem,
  OnboardingProcess,
  OnboardingProcessUpdateInput,
  OnboardingStarted,
  OnboardingStartInput,
  OnboardingStatus,
  Requirement,
  RequirementInput,
  RequirementUpdateInput,
  WelcomeKit,
  WelcomeKitUpdateInput,
} from '@portal/domain';
import { api } from '../../api';
import type { QueryValue } from '../../api/client';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

/** Every onboarding query sits under this root, so the live channel's event refreshes the board, table and drawer. */
export const ONBOARDINGS_KEY = ['onboardings'] as const;
export const onboardingKey = (uuid: string) => [...ONBOARDINGS_KEY, 'detail', uuid] as const;
export const PROCESS_KEY = ['onboarding-settings', 'process'] as const;
export const REQUIREMENTS_KEY = ['onboarding-settings', 'requirements'] as const;
export const WELCOME_KEY = ['onboarding-settings', 'welcome'] as const;
export const INFORMATION_KEY = ['onboarding-settings', 'information'] as const;

export function listOnboardings(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<OnboardingListItem>>('/onboardings', { query: buildListQuery(params), signal });
}

/** What the board asks GET onboardings/board for (its query string's parts). */
export interface BoardQuery {
  per_column: number;
  page: number;
  search_term?: string;
  filters: { status?: OnboardingStatus; stuck?: '1'; current_step?: string };
}

/** The board's query (its filters and page size): the board and its "Show more" pages are keyed under it. */
export const boardKey = (query: BoardQuery) => [...ONBOARDINGS_KEY, 'board', query] as const;

/** GET onboardings/board: every column with its first `per_column` cards, or one column's further page. */
export function getBoard(query: BoardQuery, signal?: AbortSignal) {
  const params: Record<string, QueryValue> = { per_column: query.per_column, page: query.page };
  if (query.search_term) {
    params.search_term = query.search_term;
  }
  for (const [key, value] of Object.entries(query.filters)) {
    if (value !== undefined) {
      params[`filters[${key}]`] = value;
    }
  }
  return api.get<OnboardingBoard>('/onboardings/board', { query: params, signal });
}

export async function getOnboarding(uuid: string, signal?: AbortSignal): Promise<OnboardingDetail> {
  return (await api.get<{ data: OnboardingDetail }>(`/onboardings/${uuid}`, { signal })).data;
}

export async function startOnboarding(customerUuid: string, body: OnboardingStartInput): Promise<OnboardingStarted> {
  return (await api.post<{ data: OnboardingStarted }>(`/customers/${customerUuid}/onboarding`, body)).data;
}

export async function updateOnboardingItem(
  uuid: string,
  itemUuid: string,
  body: OnboardingItemUpdateInput,
): Promise<OnboardingItem> {
  return (
    await api.request<{ data: OnboardingItem }>(`/onboardings/${uuid}/items/${itemUuid}`, { method: 'PUT', body })
  ).data;
}

export async function updateOnboardingStep(uuid: string, key: string, done: boolean): Promise<OnboardingDetail> {
  return (
    await api.request<{ data: OnboardingDetail }>(`/onboardings/${uuid}/steps/${key}`, {
      method: 'PUT',
      body: { done },
    })
  ).data;
}

/** A credential's stored value; the server writes every reveal to the activity log. */
export async function revealCredential(uuid: string, itemUuid: string): Promise<string | null> {
  return (await api.post<{ data: { value: string | null } }>(`/onboardings/${uuid}/items/${itemUuid}/reveal`)).data
    .value;
}

export async function getProcess(signal?: AbortSignal): Promise<OnboardingProcess> {
  return (await api.get<{ data: OnboardingProcess }>('/onboarding/process', { signal })).data;
}

export async function saveProcess(body: OnboardingProcessUpdateInput): Promise<OnboardingProcess> {
  return (await api.request<{ data: OnboardingProcess }>('/onboarding/process', { method: 'PUT', body })).data;
}

export async function listRequirements(signal?: AbortSignal): Promise<Requirement[]> {
  return (await api.get<{ data: Requirement[] }>('/onboarding/requirements', { signal })).data;
}

export async function createRequirement(body: RequirementInput): Promise<Requirement> {
  return (await api.post<{ data: Requirement }>('/onboarding/requirements', body)).data;
}

export async function updateRequirement(uuid: string, body: RequirementUpdateInput): Promise<Requirement> {
  return (await api.request<{ data: Requirement }>(`/onboarding/requirements/${uuid}`, { method: 'PUT', body })).data;
}

export async function deleteRequirement(uuid: string): Promise<void> {
  await api.request(`/onboarding/requirements/${uuid}`, { method: 'DELETE' });
}

export async function getWelcomeKit(signal?: AbortSignal): Promise<WelcomeKit> {
  return (await api.get<{ data: WelcomeKit }>('/onboarding/welcome', { signal })).data;
}

export async function saveWelcomeKit(body: WelcomeKitUpdateInput): Promise<WelcomeKit> {
  return (await api.request<{ data: WelcomeKit }>('/onboarding/welcome', { method: 'PUT', body })).data;
}

export async function getInformation(signal?: AbortSignal): Promise<OnboardingInformation> {
  return (await api.get<{ data: OnboardingInformation }>('/onboarding/information', { signal })).data;
}

export async function saveInformation(body: OnboardingInformationUpdateInput): Promise<OnboardingInformation> {
  return (await api.request<{ data: OnboardingInformation }>('/onboarding/information', { method: 'PUT', body })).data;
}
