import type {
  BulkUpdateResponse,
  ContentApproval,
  ContentApprovalCreateInput,
  ContentItem,
  ContentItemCreateInput,
  ContentItemUpdateInput,
  ContentPlanOption,
  ContentStatus,
  PublicApproval,
  PublicApprovalDecisionInput,
  PublicApprovalItem,
} from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

/** The root the live bridge invalidates on a content_item event (live/invalidation.ts). */
export const CONTENT_KEY = ['content'] as const;

export function listContentItems(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<ContentItem>>('/content-items', { query: buildListQuery(params), signal });
}

export async function getContentItem(uuid: string, signal?: AbortSignal): Promise<ContentItem> {
  return (await api.get<{ data: ContentItem }>(`/content-items/${uuid}`, { signal })).data;
}

export async function createContentItem(body: ContentItemCreateInput): Promise<ContentItem> {
  return (await api.post<{ data: ContentItem }>('/content-items', body)).data;
}

export async function updateContentItem(uuid: string, body: ContentItemUpdateInput): Promise<ContentItem> {
  return (await api.request<{ data: ContentItem }>(`/content-items/${uuid}`, { method: 'PUT', body })).data;
}

export async function deleteContentItem(uuid: string): Promise<void> {
  await api.request(`/content-items/${uuid}`, { method: 'DELETE' });
}

export function bulkContentStatus(uuids: string[], status: ContentStatus) {
  return api.post<BulkUpdateResponse>('/content-items/bulk-operations', { uuids, status });
}

export function sendForApproval(body: ContentApprovalCreateInput) {
  return api.post<{ data: ContentApproval & { url: string }; message: string }>('/content-approvals', body);
}

export async function listApprovals(projectUuid: string, signal?: AbortSignal): Promise<ContentApproval[]> {
  return (
    await api.get<{ data: ContentApproval[] }>('/content-approvals', { query: { project_uuid: projectUuid }, signal })
  ).data;
}

export async function revokeApproval(uuid: string): Promise<void> {
  await api.request(`/content-approvals/${uuid}`, { method: 'DELETE' });
}

/** The plan picker: active plans by title (GET projects). */
/** The plans whose content the caller sees (GET content-plans): a freelancer's own plans, a staff member's all. */
export async function listPlanOptions(signal?: AbortSignal): Promise<ContentPlanOption[]> {
  return (await api.get<{ data: ContentPlanOption[] }>('/content-plans', { signal })).data;
}

export async function getPublicApproval(token: string, signal?: AbortSignal): Promise<PublicApproval> {
  return (await api.get<{ data: PublicApproval }>(`/public/approvals/${token}`, { signal })).data;
}

export async function decidePublicApproval(
  token: string,
  body: PublicApprovalDecisionInput,
): Promise<PublicApprovalItem> {
  return (await api.request<{ data: PublicApprovalItem }>(`/public/approvals/${token}`, { method: 'PUT', body })).data;
}
