import type { DeviceSession, MessageBody, SessionsEnded } from '@portal/domain';
import { api } from '../../api';

export const SESSIONS_KEY = ['sessions'] as const;

export function listSessions(signal?: AbortSignal): Promise<{ data: DeviceSession[] }> {
  return api.get<{ data: DeviceSession[] }>('/sessions', { signal });
}

export function endSession(uuid: string): Promise<MessageBody> {
  return api.request<MessageBody>(`/sessions/${uuid}`, { method: 'DELETE' });
}

export function endOtherSessions(): Promise<SessionsEnded> {
  return api.request<SessionsEnded>('/sessions', { method: 'DELETE' });
}

export function endPersonSessions(userUuid: string): Promise<SessionsEnded> {
  return api.request<SessionsEnded>(`/users/${userUuid}/sessions`, { method: 'DELETE' });
}
