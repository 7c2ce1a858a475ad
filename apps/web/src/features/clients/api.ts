import type { Customer, CustomerInput, CustomerListItem } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const CUSTOMERS_KEY = ['customers'] as const;

export function listCustomers(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<CustomerListItem>>('/customers', { query: buildListQuery(params), signal });
}

/** The selector list (doc 1 §7): every active client. */
export function listActiveCustomers(signal?: AbortSignal) {
  return listCustomers({ size: 999, filters: { status: ['active'] }, sortBy: 'business_name' }, signal);
}

export async function getCustomer(uuid: string, signal?: AbortSignal): Promise<Customer> {
  return (await api.get<{ data: Customer }>(`/customers/${uuid}`, { signal })).data;
}

export async function createCustomer(input: CustomerInput): Promise<Customer> {
  return (await api.post<{ data: Customer }>('/customers', input)).data;
}

export async function updateCustomer(uuid: string, input: Partial<CustomerInput>): Promise<Customer> {
  return (await api.request<{ data: Customer }>(`/customers/${uuid}`, { method: 'PUT', body: input })).data;
}

export function deleteCustomer(uuid: string) {
  return api.request<unknown>(`/customers/${uuid}`, { method: 'DELETE' });
}
