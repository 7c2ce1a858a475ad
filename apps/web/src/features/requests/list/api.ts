import { NEW_REQUEST_BADGE_QUERY, type RequestListResponse } from '@portal/domain';
import { api } from '../../../api';
import type { QueryValue } from '../../../api/client';

/** Every request query starts with this key, so one invalidation refreshes lists, the badge and open requests. */
export const REQUESTS_KEY = ['requests'] as const;

/** GET /requests; the query is built by requestListQuery. */
export function listRequests(query: Record<string, QueryValue>, signal?: AbortSignal) {
  return api.get<RequestListResponse>('/requests', { query, signal });
}

/** The new-request count of the sidebar badge (doc 1 §7): meta.total of a one-row page. */
export async function countNewRequests(signal?: AbortSignal): Promise<number> {
  const answer = await api.get<RequestListResponse>('/requests', { query: NEW_REQUEST_BADGE_QUERY, signal });
  return answer.meta.total;
}
