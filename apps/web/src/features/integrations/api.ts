import type { EnvironmentIntegrationState, GoogleSettings, GoogleState, MessageBody } from '@portal/domain';
import { api } from '../../api';

export const INTEGRATIONS_KEY = ['integrations'] as const;
export const GOOGLE_KEY = ['google'] as const;
export const GOOGLE_CALENDARS_KEY = ['google', 'calendars'] as const;

export type GoogleCalendar = { id: string; name: string; primary: boolean };

export async function listIntegrations(signal?: AbortSignal): Promise<EnvironmentIntegrationState[]> {
  return (await api.get<{ data: EnvironmentIntegrationState[] }>('/integrations', { signal })).data;
}

export async function testIntegration(kind: string): Promise<{ ok: boolean; message: string }> {
  return (await api.post<{ data: { ok: boolean; message: string } }>(`/integrations/${kind}/test`, {})).data;
}

export async function getGoogle(signal?: AbortSignal): Promise<GoogleState> {
  return (await api.get<{ data: GoogleState }>('/google', { signal })).data;
}

export async function startGoogle(): Promise<string> {
  return (await api.post<{ data: { url: string } }>('/google/oauth/start', {})).data.url;
}

export async function finishGoogle(input: { code: string; state: string }): Promise<GoogleState> {
  return (await api.post<{ data: GoogleState }>('/google/oauth/callback', input)).data;
}

export async function listGoogleCalendars(signal?: AbortSignal): Promise<GoogleCalendar[]> {
  return (await api.get<{ data: GoogleCalendar[] }>('/google/calendars', { signal })).data;
}

export async function saveGoogle(input: GoogleSettings): Promise<GoogleState> {
  return (await api.request<{ data: GoogleState }>('/google', { method: 'PUT', body: input })).data;
}

export function disconnectGoogle(): Promise<MessageBody> {
  return api.request<MessageBody>('/google', { method: 'DELETE' });
}

/** Leaves for Google's consent page; it returns to /google/oauth. */
export async function connectGoogle(): Promise<void> {
  window.location.assign(await startGoogle());
}
