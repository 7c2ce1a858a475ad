import type { CustomerRef, InviteStatus } from '@portal/domain';
import { api } from '../api';

/** What an invite link shows before anyone signs in (GET customer-invite/preview). */
export interface InvitePreview {
  email: string;
  customer: CustomerRef;
  status: InviteStatus;
}

export async function getInvitePreview(token: string, signal?: AbortSignal): Promise<InvitePreview> {
  const body = await api.get<{ data: InvitePreview }>('/customer-invite/preview', {
    query: { token },
    signal,
    sessionExpiresOn401: false,
  });
  return body.data;
}

/** Attaches the signed-in person to the invite's client; answers a message to show. */
export async function acceptInvite(token: string): Promise<string> {
  const body = await api.post<{ message?: string; data?: { customer?: CustomerRef } }>('/customer-invite/accept', {
    token,
  });
  if (body.message) {
    return body.message;
  }
  return body.data?.customer ? `You joined ${body.data.customer.business_name}.` : 'Invitation accepted.';
}
