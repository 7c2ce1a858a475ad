import type { ApiToken, ApiTokenCreated, ApiTokenInput, MessageBody } from '@portal/domain';
import { api } from '../../api';

export const API_TOKENS_KEY = ['api-tokens'] as const;

export function listApiTokens(signal?: AbortSignal): Promise<{ data: ApiToken[] }> {
  return api.get<{ data: ApiToken[] }>('/api-tokens', { signal });
}

export async function createApiToken(input: ApiTokenInput): Promise<ApiTokenCreated> {
  return (await api.post<{ data: ApiTokenCreated }>('/api-tokens', input)).data;
}

export function revokeApiToken(uuid: string): Promise<MessageBody> {
  return api.request<MessageBody>(`/api-tokens/${uuid}`, { method: 'DELETE' });
}
