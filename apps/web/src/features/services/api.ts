import type { RequestType, RequestTypeWriteInput } from '@portal/domain';
import { api } from '../../api';

/** POST /request-types (SERVICES_CREATE). */
export async function createRequestType(input: RequestTypeWriteInput): Promise<RequestType> {
  return (await api.post<{ data: RequestType }>('/request-types', input)).data;
}

/** PUT /request-types/{id} (SERVICES_UPDATE): the fields sent. */
export async function updateRequestType(id: number, input: Partial<RequestTypeWriteInput>): Promise<RequestType> {
  return (await api.request<{ data: RequestType }>(`/request-types/${id}`, { method: 'PUT', body: input })).data;
}

/** DELETE /request-types/{id} (SERVICES_DESTROY); refused with a message while requests use the type. */
export async function deleteRequestType(id: number): Promise<void> {
  await api.request(`/request-types/${id}`, { method: 'DELETE' });
}
