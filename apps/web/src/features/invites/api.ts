import type { CustomerInvite, MessageBody } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListResponse } from '../common/listQuery';
import type { InvitePayload } from './inviteRules';

export const INVITES_KEY = ['invites'] as const;

/** Pending invites of one client (the client modal's list, page size 300). */
export function listPendingInvites(customerId: string, signal?: AbortSignal) {
  return api.get<ListResponse<CustomerInvite>>('/customer-invite', {
    query: buildListQuery({ size: 300, filters: { status: 'pending', customer_id: customerId } }),
    signal,
  });
}

export function createInvite(input: InvitePayload) {
  return api.post<{ data: CustomerInvite; message?: string }>('/customer-invite', input);
}

export function resendInvite(uuid: string) {
  return api.post<MessageBody>(`/customer-invite/${uuid}/resend`);
}

export function cancelInvite(uuid: string) {
  return api.request<unknown>(`/customer-invite/${uuid}`, { method: 'PUT', body: { status: 'cancelled' } });
}
