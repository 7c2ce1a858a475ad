import type { PlanLite, ProjectUser, RequestCreateInput, RequestDetail, RequestType } from '@portal/domain';
import { api } from '../../../api';
import type { ListResponse } from '../../common/listQuery';

export const REQUEST_TYPES_KEY = ['request-types'] as const;

/** GET /request-types: the catalogue, disabled types included (the picker shows them disabled). */
export async function listRequestTypes(signal?: AbortSignal): Promise<RequestType[]> {
  return (await api.get<{ data: RequestType[] }>('/request-types', { signal })).data;
}

/** POST /requests: saves a draft or submits the brief (status new). */
export async function createRequest(input: RequestCreateInput): Promise<RequestDetail> {
  return (await api.post<{ data: RequestDetail }>('/requests', input)).data;
}

/** DELETE /requests/{uuid}: discards a draft. */
export async function deleteRequest(uuid: string): Promise<void> {
  await api.request(`/requests/${uuid}`, { method: 'DELETE' });
}

/** Plans a request can be made for (doc 2 §2): retainer plans that are active. */
export async function listRequestPlans(signal?: AbortSignal): Promise<PlanLite[]> {
  return (
    await api.get<ListResponse<PlanLite>>('/projects/lite', {
      query: {
        'page[size]': 999,
        'filters[projects.status][]': ['active'],
        'filters[project_type][]': ['retainer'],
      },
      signal,
    })
  ).data;
}

/**
 * Who may be the plan's requester: its active members and the active contacts with a login of its client, the same
 * rule the server applies on save; searched on the server (user search page size 50, doc 2 §9).
 */
export async function listRequesterCandidates(
  planUuid: string,
  search: string,
  signal?: AbortSignal,
): Promise<ProjectUser[]> {
  return (
    await api.get<ListResponse<ProjectUser>>(`/projects/${planUuid}/users`, {
      query: {
        'page[size]': 50,
        'filters[auth_users.status][]': ['active'],
        with_client_contacts: 1,
        search_term: search.trim() || undefined,
      },
      signal,
    })
  ).data;
}
