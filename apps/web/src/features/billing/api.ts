import type { FailedPayment, OverdueInvoice, StripeSettings, StripeSettingsInput } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const BILLING_KEY = ['billing'] as const;
export const STRIPE_SETTINGS_KEY = [...BILLING_KEY, 'stripe'] as const;
export const OVERDUE_KEY = [...BILLING_KEY, 'overdue-invoices'] as const;
export const FAILED_KEY = [...BILLING_KEY, 'failed-payments'] as const;

export function listOverdueInvoices(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<OverdueInvoice>>('/overdue-invoices', { query: buildListQuery(params), signal });
}

export function listFailedPayments(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<FailedPayment>>('/failed-payments', { query: buildListQuery(params), signal });
}

export async function getStripeSettings(signal?: AbortSignal): Promise<StripeSettings> {
  return (await api.get<{ data: StripeSettings }>('/billing/stripe', { signal })).data;
}

export async function saveStripeSettings(body: StripeSettingsInput): Promise<StripeSettings> {
  return (await api.request<{ data: StripeSettings }>('/billing/stripe', { method: 'PUT', body })).data;
}

export async function testStripe() {
  return (
    await api.post<{ data: { ok: true; account: string | null; available_cents: number } }>('/billing/stripe/test')
  ).data;
}

export async function syncStripe() {
  return (await api.post<{ data: { message: string } }>('/billing/stripe/sync')).data;
}

export type ClientStanding = { policy: 'off' | 'warn' | 'refuse'; days_overdue: number; message: string | null };
export async function getClientStanding(projectUuid: string, signal?: AbortSignal): Promise<ClientStanding> {
  return (
    await api.get<{ data: ClientStanding }>('/billing/client-standing', { query: { project_id: projectUuid }, signal })
  ).data;
}
