import {
  COMMENTS_PAGE_SIZE,
  type Comment,
  type CommentableType,
  type CommentKind,
  type CommentList,
  type CommentReaction,
  type CommentTemplate,
  type CommentTemplateInput,
  type Mentionable,
  type MentionInbox,
  type MessageBody,
} from '@portal/domain';
import { api } from '../../api';

/** Every comment query starts with this key: a live event or a write invalidates it and the panels refetch. */
export const COMMENTS_KEY = ['comments'] as const;
export const MENTION_INBOX_KEY = ['mentions', 'inbox'] as const;
export const COMMENT_TEMPLATES_KEY = ['comment-templates'] as const;

const PATHS: Record<CommentableType, string> = {
  task: 'tasks',
  request: 'requests',
  project: 'projects',
  content_item: 'content-items',
};

export type CommentTarget = { type: CommentableType; uuid: string };

export function commentsKey(target: CommentTarget, types: readonly CommentKind[] = []) {
  return [...COMMENTS_KEY, target.type, target.uuid, types.join(',')] as const;
}

/** A page of threads, newest first, with the caller's own scheduled comments (doc 2 §7). */
export function listComments(target: CommentTarget, page: number, types: readonly CommentKind[], signal?: AbortSignal) {
  return api.get<CommentList>(`/${PATHS[target.type]}/${target.uuid}/comments`, {
    query: {
      'page[size]': COMMENTS_PAGE_SIZE,
      'page[number]': page,
      'sort[by]': 'created_at',
      'sort[direction]': 'desc',
      'filters[type][]': types.length ? types : undefined,
      with_scheduled: 1,
    },
    signal,
  });
}

export type CommentPayload = {
  text: string;
  text_delta: unknown;
  related_users: string[];
  type?: CommentKind;
  send_at?: string | null;
  uploads?: string[];
  ref_token?: string;
};

export async function createComment(target: CommentTarget, payload: CommentPayload): Promise<Comment> {
  return (await api.post<{ data: Comment }>(`/${PATHS[target.type]}/${target.uuid}/comments`, payload)).data;
}

export async function replyToComment(parentUuid: string, payload: CommentPayload): Promise<Comment> {
  return (await api.post<{ data: Comment }>(`/projects/comments/${parentUuid}/comments`, payload)).data;
}

export async function updateComment(uuid: string, payload: Partial<CommentPayload>): Promise<Comment> {
  return (await api.request<{ data: Comment }>(`/comments/${uuid}`, { method: 'PUT', body: payload })).data;
}

export function deleteComment(uuid: string) {
  return api.request<MessageBody>(`/comments/${uuid}`, { method: 'DELETE' });
}

export async function likeComment(uuid: string): Promise<CommentReaction> {
  return (await api.post<{ data: CommentReaction }>(`/comments/${uuid}/reaction`, { reaction: 'thumbs_up' })).data;
}

export function unlikeComment(reactionUuid: string) {
  return api.request<MessageBody>(`/reaction/${reactionUuid}`, { method: 'DELETE' });
}

/** Whom one may mention: on a plan (its people and client contacts) or anywhere. */
export async function listMentionables(planUuid: string | null, searchTerm: string, signal?: AbortSignal) {
  const path = planUuid ? `/projects/${planUuid}/mentionables` : '/mentions/mentionables';
  return (await api.get<{ data: Mentionable[] }>(path, { query: { search_term: searchTerm }, signal })).data;
}

export function listMentionInbox(filter: 'all' | 'unread', page: number, signal?: AbortSignal) {
  return api.get<MentionInbox>('/mentions', { query: { filter, 'page[number]': page, 'page[size]': 20 }, signal });
}

export function readMention(id: string) {
  return api.post<unknown>(`/mentions/${id}/read`);
}

export async function listCommentTemplates(signal?: AbortSignal): Promise<CommentTemplate[]> {
  return (await api.get<{ data: CommentTemplate[] }>('/comment-templates', { signal })).data;
}

export async function saveCommentTemplate(uuid: string | null, input: CommentTemplateInput) {
  return uuid
    ? (await api.request<{ data: CommentTemplate }>(`/comment-templates/${uuid}`, { method: 'PUT', body: input })).data
    : (await api.post<{ data: CommentTemplate }>('/comment-templates', input)).data;
}

export function deleteCommentTemplate(uuid: string) {
  return api.request<MessageBody>(`/comment-templates/${uuid}`, { method: 'DELETE' });
}
