import type {
  AdAnalytics,
  AdMapping,
  Campaign,
  CampaignImportReport,
  CampaignInput,
  CampaignUpdate,
  MetaConnectionState,
} from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const CAMPAIGNS_KEY = ['campaigns'] as const;
export const AD_ANALYTICS_KEY = ['ad-analytics'] as const;

export function listCampaigns(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<Campaign>>('/campaigns', { query: buildListQuery(params), signal });
}

export async function getCampaign(uuid: string, signal?: AbortSignal): Promise<Campaign> {
  return (await api.get<{ data: Campaign }>(`/campaigns/${uuid}`, { signal })).data;
}

export async function createCampaign(body: CampaignInput): Promise<Campaign> {
  return (await api.post<{ data: Campaign }>('/campaigns', body)).data;
}

export async function updateCampaign(uuid: string, body: CampaignUpdate): Promise<Campaign> {
  return (await api.request<{ data: Campaign }>(`/campaigns/${uuid}`, { method: 'PUT', body })).data;
}

export async function deleteCampaign(uuid: string): Promise<void> {
  await api.request(`/campaigns/${uuid}`, { method: 'DELETE' });
}

export function importCampaignCsv(body: { upload_uuid: string; customer_uuid: string }) {
  return api.post<CampaignImportReport>('/campaigns/import', body);
}

export async function getMapping(customerUuid: string, signal?: AbortSignal): Promise<AdMapping | null> {
  return (await api.get<{ data: AdMapping | null }>(`/ad-import-mappings/${customerUuid}`, { signal })).data;
}

export async function saveMapping(customerUuid: string, mapping: AdMapping): Promise<void> {
  await api.request(`/ad-import-mappings/${customerUuid}`, { method: 'PUT', body: mapping });
}

export type AnalyticsFilters = {
  group_by: 'campaign' | 'platform';
  date_from: string;
  date_to: string;
  customer_uuid?: string;
};

/** The campaign table's page (the API pages it; totals and the series cover every row). */
export const ANALYTICS_PAGE_SIZE = 50;

export function getAnalytics(
  filters: AnalyticsFilters,
  signal?: AbortSignal,
  page: { number: number; size: number } = { number: 1, size: ANALYTICS_PAGE_SIZE },
) {
  const query: Record<string, string> = {
    group_by: filters.group_by,
    date_from: filters.date_from,
    date_to: filters.date_to,
    'page[number]': String(page.number),
    'page[size]': String(page.size),
  };
  if (filters.customer_uuid) {
    query.customer_uuid = filters.customer_uuid;
  }
  return api.get<AdAnalytics>('/ad-analytics', { query, signal });
}

export const META_CONNECTIONS_KEY = ['ad-meta-connections'] as const;

export async function listMetaConnections(signal?: AbortSignal): Promise<MetaConnectionState[]> {
  return (await api.get<{ data: MetaConnectionState[] }>('/ad-meta-connections', { signal })).data;
}

/** Stores the ad account and its token (sealed by the server, never shown again). */
export function connectMeta(customerUuid: string, body: { ad_account_id: string; access_token: string }) {
  return api.request<{ message: string }>(`/ad-meta-connections/${customerUuid}`, { method: 'PUT', body });
}

export function disconnectMeta(customerUuid: string) {
  return api.request<{ message: string }>(`/ad-meta-connections/${customerUuid}`, { method: 'DELETE' });
}

export function syncMetaNow(customerUuid: string) {
  return api.post<{ message: string; imported: number }>(`/ad-meta-connections/${customerUuid}/sync`, {});
}
