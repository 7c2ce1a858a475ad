import type { Group, ProductType, Role, UserType } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListResponse } from '../common/listQuery';

export const ROLES_KEY = ['roles'] as const;
export const GROUPS_KEY = ['groups'] as const;
export const PRODUCT_TYPES_KEY = ['product-types'] as const;

export interface RoleInput {
  name: string;
  description?: string | null;
  permissions: string[];
}

export function listRoles(signal?: AbortSignal) {
  return api.get<ListResponse<Role>>('/roles', { query: buildListQuery({ size: 999 }), signal });
}

export async function listPermissionNames(signal?: AbortSignal): Promise<string[]> {
  return (await api.get<{ data: { name: string }[] }>('/permissions', { signal })).data.map((p) => p.name);
}

export async function createRole(input: RoleInput): Promise<Role> {
  return (await api.post<{ data: Role }>('/roles', input)).data;
}

export async function updateRole(uuid: string, input: Partial<RoleInput>): Promise<Role> {
  return (await api.request<{ data: Role }>(`/roles/${uuid}`, { method: 'PUT', body: input })).data;
}

export function deleteRole(uuid: string) {
  return api.request<unknown>(`/roles/${uuid}`, { method: 'DELETE' });
}

export interface GroupInput {
  name: string;
  description?: string | null;
  members: string[];
}

export function listGroups(signal?: AbortSignal) {
  return api.get<ListResponse<Group>>('/groups', { query: buildListQuery({ size: 999, sortBy: 'name' }), signal });
}

export async function createGroup(input: GroupInput): Promise<Group> {
  return (await api.post<{ data: Group }>('/groups', input)).data;
}

export async function updateGroup(uuid: string, input: Partial<GroupInput>): Promise<Group> {
  return (await api.request<{ data: Group }>(`/groups/${uuid}`, { method: 'PUT', body: input })).data;
}

export function deleteGroup(uuid: string) {
  return api.request<unknown>(`/groups/${uuid}`, { method: 'DELETE' });
}

/** Logins for pickers (GET users). */
export interface UserOption {
  uuid: string;
  name: string;
  email?: string;
  type?: UserType;
}

export function listUsers(signal?: AbortSignal) {
  return api.get<ListResponse<UserOption>>('/users', { query: buildListQuery({ size: 999 }), signal });
}

export interface ProductTypeInput {
  name: string;
  description?: string | null;
}

/** Product types as the call table reads them: page[size]=999, sort[by]=name. */
export function listProductTypes(signal?: AbortSignal) {
  return api.get<ListResponse<ProductType>>('/product-types', {
    query: buildListQuery({ size: 999, sortBy: 'name' }),
    signal,
  });
}

export async function createProductType(input: ProductTypeInput): Promise<ProductType> {
  return (await api.post<{ data: ProductType }>('/product-types', input)).data;
}

export async function updateProductType(uuid: string, input: ProductTypeInput): Promise<ProductType> {
  return (await api.request<{ data: ProductType }>(`/product-types/${uuid}`, { method: 'PUT', body: input })).data;
}

export function deleteProductType(uuid: string) {
  return api.request<unknown>(`/product-types/${uuid}`, { method: 'DELETE' });
}
