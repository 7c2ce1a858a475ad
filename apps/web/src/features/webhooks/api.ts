import type {
  MessageBody,
  Webhook,
  WebhookAttempt,
  WebhookInput,
  WebhookUpdate,
  WebhookWithSecret,
} from '@portal/domain';
import { api } from '../../api';
import type { TableListParams } from '../../components/DataTable';
import { buildListQuery, type ListResponse } from '../common/listQuery';

export const WEBHOOKS_KEY = ['webhooks'] as const;

export function listWebhooks(signal?: AbortSignal): Promise<{ data: Webhook[] }> {
  return api.get<{ data: Webhook[] }>('/webhooks', { signal });
}

export async function createWebhook(input: WebhookInput): Promise<WebhookWithSecret> {
  return (await api.post<{ data: WebhookWithSecret }>('/webhooks', input)).data;
}

export async function updateWebhook(uuid: string, input: WebhookUpdate): Promise<Webhook> {
  return (await api.request<{ data: Webhook }>(`/webhooks/${uuid}`, { method: 'PUT', body: input })).data;
}

export function deleteWebhook(uuid: string): Promise<MessageBody> {
  return api.request<MessageBody>(`/webhooks/${uuid}`, { method: 'DELETE' });
}

export async function rotateWebhookSecret(uuid: string): Promise<WebhookWithSecret> {
  return (await api.post<{ data: WebhookWithSecret }>(`/webhooks/${uuid}/rotate-secret`, {})).data;
}

export function listDeliveries(
  uuid: string,
  params: TableListParams,
  signal: AbortSignal,
): Promise<ListResponse<WebhookAttempt>> {
  return api.get<ListResponse<WebhookAttempt>>(`/webhooks/${uuid}/deliveries`, {
    query: buildListQuery(params),
    signal,
  });
}

export function redeliver(deliveryUuid: string): Promise<MessageBody> {
  return api.post<MessageBody>(`/webhook-deliveries/${deliveryUuid}/redeliver`, {});
}
