import type {
  DiscountValidateInput,
  DiscountValidation,
  Order,
  OrderCreateInput,
  OrderListItem,
  OrderUpdateInput,
} from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const ORDERS_KEY = ['orders'] as const;
export const orderKey = (uuid: string) => [...ORDERS_KEY, 'detail', uuid] as const;

export function listOrders(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<OrderListItem>>('/orders', { query: buildListQuery(params), signal });
}

export async function getOrder(uuid: string, signal?: AbortSignal): Promise<Order> {
  return (await api.get<{ data: Order }>(`/orders/${uuid}`, { signal })).data;
}

export async function createOrder(body: OrderCreateInput): Promise<Order> {
  return (await api.post<{ data: Order }>('/orders', body)).data;
}

export async function updateOrder(uuid: string, body: OrderUpdateInput): Promise<Order> {
  return (await api.request<{ data: Order }>(`/orders/${uuid}`, { method: 'PUT', body })).data;
}

export async function placeOrder(uuid: string): Promise<Order> {
  return (await api.post<{ data: Order }>(`/orders/${uuid}/place`)).data;
}

/** What a discount code would take off this client's items now (issue 22); a refusal is an answer with its reason. */
export async function validateDiscount(body: DiscountValidateInput, signal?: AbortSignal): Promise<DiscountValidation> {
  return (await api.post<{ data: DiscountValidation }>('/discounts/validate', body, { signal })).data;
}
