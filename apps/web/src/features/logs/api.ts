import type { ActivityLogEntry, EmailLog, EmailLogDetail } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const EMAIL_LOGS_KEY = ['email-logs'] as const;
export const ACTIVITY_LOGS_KEY = ['activity-logs'] as const;

export function listEmailLogs(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<EmailLog>>('/email-logs', { query: buildListQuery(params), signal });
}

export async function listEmailTemplates(signal?: AbortSignal): Promise<string[]> {
  return (await api.get<{ data: string[] }>('/email-logs/templates', { signal })).data;
}

export async function getEmailLog(uuid: string, signal?: AbortSignal): Promise<EmailLogDetail> {
  return (await api.get<{ data: EmailLogDetail }>(`/email-logs/${uuid}`, { signal })).data;
}

export async function resendEmail(uuid: string): Promise<EmailLogDetail> {
  return (await api.post<{ data: EmailLogDetail }>(`/email-logs/${uuid}/resend`)).data;
}

/** The activity log has no uuid per row: its ids are unique strings. */
export function listActivityLog(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<ActivityLogEntry>>('/activity-logs', { query: buildListQuery(params), signal });
}
