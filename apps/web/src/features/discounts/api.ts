import type { Discount, DiscountCreateInput, DiscountRedemption, DiscountUpdateInput } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const DISCOUNTS_KEY = ['discounts'] as const;

export function listDiscounts(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<Discount>>('/discounts', { query: buildListQuery(params), signal });
}

export async function getDiscount(uuid: string, signal?: AbortSignal): Promise<Discount> {
  return (await api.get<{ data: Discount }>(`/discounts/${uuid}`, { signal })).data;
}

export async function listRedemptions(uuid: string, signal?: AbortSignal): Promise<DiscountRedemption[]> {
  return (await api.get<{ data: DiscountRedemption[] }>(`/discounts/${uuid}/redemptions`, { signal })).data;
}

export async function createDiscount(body: DiscountCreateInput): Promise<Discount> {
  return (await api.post<{ data: Discount }>('/discounts', body)).data;
}

export async function updateDiscount(uuid: string, body: DiscountUpdateInput): Promise<Discount> {
  return (await api.request<{ data: Discount }>(`/discounts/${uuid}`, { method: 'PUT', body })).data;
}

export async function deleteDiscount(uuid: string): Promise<void> {
  await api.request(`/discounts/${uuid}`, { method: 'DELETE' });
}
