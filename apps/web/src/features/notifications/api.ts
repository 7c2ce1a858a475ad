import {
  type MentionCount,
  type MessageBody,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationCount,
  type NotificationFilter,
  type NotificationList,
} from '@portal/domain';
import { api } from '../../api';

/** Every notification query starts with this key, so one invalidation refreshes the list and the badge. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const MENTIONS_COUNT_KEY = ['mentions', 'count'] as const;

/** GET notifications: 15 a page, newest first; `after` is the number of the last one shown (doc 1 §7, §9). */
export function listNotifications(filter: NotificationFilter, after: number | undefined, signal?: AbortSignal) {
  return api.get<NotificationList>('/notifications', {
    query: { 'page[size]': NOTIFICATIONS_PAGE_SIZE, after, filter },
    signal,
  });
}

export async function countUnreadNotifications(signal?: AbortSignal): Promise<number> {
  return (await api.get<NotificationCount>('/notifications/count', { signal })).data.unread;
}

export async function countUnreadMentions(signal?: AbortSignal): Promise<number> {
  return (await api.get<MentionCount>('/mentions/count', { signal })).inbox_unread;
}

export function readAllNotifications() {
  return api.post<NotificationCount>('/notifications/read-all');
}

export async function setNotificationRead(id: string, read: boolean): Promise<Notification> {
  return (await api.post<{ data: Notification }>(`/notifications/${id}/${read ? 'read' : 'unread'}`)).data;
}

export function deleteNotification(id: string) {
  return api.request<MessageBody>(`/notifications/${id}`, { method: 'DELETE' });
}

/** Push tokens: the JSON of this browser's PushSubscription (doc 1 §7). */
export function registerPushToken(token: string) {
  return api.post<{ data: { token: string } }>('/push-token', { token });
}

/** A subscription the browser replaced: the old token in the path, the new one in the body. */
export function renewPushToken(old: string, token: string) {
  return api.request<{ data: { token: string } }>(`/push-token/${encodeURIComponent(old)}`, {
    method: 'PUT',
    body: { token },
  });
}

export function deletePushToken(token: string) {
  return api.request<MessageBody>(`/push-token/${encodeURIComponent(token)}`, { method: 'DELETE' });
}
