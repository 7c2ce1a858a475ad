import type { Post, PostCategory, PostInput, PostListItem, PostRevision } from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const POSTS_KEY = ['posts'] as const;
export const postKey = (uuid: string) => [...POSTS_KEY, 'detail', uuid] as const;
export const POST_CATEGORIES_KEY = ['post-categories'] as const;

export function listPosts(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<PostListItem>>('/posts', { query: buildListQuery(params), signal });
}

export async function getPost(uuid: string, signal?: AbortSignal): Promise<Post> {
  return (await api.get<{ data: Post }>(`/posts/${uuid}`, { signal })).data;
}

export async function createPost(body: PostInput): Promise<Post> {
  return (await api.post<{ data: Post }>('/posts', body)).data;
}

export async function updatePost(uuid: string, body: Partial<PostInput>): Promise<Post> {
  return (await api.request<{ data: Post }>(`/posts/${uuid}`, { method: 'PUT', body })).data;
}

export function deletePost(uuid: string) {
  return api.request<{ message: string }>(`/posts/${uuid}`, { method: 'DELETE' });
}

/** Now without a time; scheduled with a future ISO time. */
export async function publishPost(uuid: string, publishedAt?: string): Promise<Post> {
  return (await api.post<{ data: Post }>(`/posts/${uuid}/publish`, publishedAt ? { published_at: publishedAt } : {}))
    .data;
}

/** Back to a draft: off the public API, or a scheduled publish cancelled. */
export async function unpublishPost(uuid: string): Promise<Post> {
  return (await api.post<{ data: Post }>(`/posts/${uuid}/unpublish`)).data;
}

export async function listRevisions(uuid: string, signal?: AbortSignal): Promise<PostRevision[]> {
  return (await api.get<{ data: PostRevision[] }>(`/posts/${uuid}/revisions`, { signal })).data;
}

export async function restoreRevision(uuid: string, id: number): Promise<Post> {
  return (await api.post<{ data: Post }>(`/posts/${uuid}/revisions/${id}/restore`)).data;
}

export async function listCategories(signal?: AbortSignal): Promise<PostCategory[]> {
  return (await api.get<{ data: PostCategory[] }>('/post-categories', { signal })).data;
}

export async function createCategory(name: string): Promise<PostCategory> {
  return (await api.post<{ data: PostCategory }>('/post-categories', { name })).data;
}

export async function renameCategory(uuid: string, name: string): Promise<PostCategory> {
  return (await api.request<{ data: PostCategory }>(`/post-categories/${uuid}`, { method: 'PUT', body: { name } }))
    .data;
}

export function deleteCategory(uuid: string) {
  return api.request<{ message: string }>(`/post-categories/${uuid}`, { method: 'DELETE' });
}
