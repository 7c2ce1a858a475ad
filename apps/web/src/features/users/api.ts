import type { Contact, ContactCreateInput, ContactUpdateInput } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';
import { clientContactsParams } from './clientContacts';

export const CONTACTS_KEY = ['contacts'] as const;

export function listContacts(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<Contact>>('/contacts', { query: buildListQuery(params), signal });
}

/** The active contacts of one client (client modal, doc 1 §7). */
export function listClientContacts(customerId: string, signal?: AbortSignal) {
  return listContacts(clientContactsParams(customerId), signal);
}

export async function getContact(uuid: string, signal?: AbortSignal): Promise<Contact> {
  return (await api.get<{ data: Contact }>(`/contacts/${uuid}`, { signal })).data;
}

export async function createContact(input: ContactCreateInput): Promise<Contact> {
  return (await api.post<{ data: Contact }>('/contacts', input)).data;
}

export async function updateContact(uuid: string, input: ContactUpdateInput): Promise<Contact> {
  return (await api.request<{ data: Contact }>(`/contacts/${uuid}`, { method: 'PUT', body: input })).data;
}

export function deleteContact(uuid: string) {
  return api.request<unknown>(`/contacts/${uuid}`, { method: 'DELETE' });
}
