import { NOTIFICATIONS_PAGE_SIZE, type NotificationList } from '@portal/domain';

/**
 * The cursor of the next page of the bell's infinite list: the number of the last notification shown, or
 * undefined when that page was the last (shorter than a page, or on the last page).
 */
export function nextNotificationCursor(page: NotificationList): number | undefined {
  const last = page.data.at(-1);
  if (!last || page.data.length < NOTIFICATIONS_PAGE_SIZE || page.meta.current_page >= page.meta.last_page) {
    return undefined;
  }
  return last.number;
}

/** How long ago, for a notification row: 'just now', '5m', '3h', '2d', then the date. */
export function notificationAge(createdAt: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000);
  if (minutes < 1) {
    return 'just now';
  }
  if (minutes < 60) {
    return `${minutes}m`;
  }
  if (minutes < 24 * 60) {
    return `${Math.floor(minutes / 60)}h`;
  }
  if (minutes < 7 * 24 * 60) {
    return `${Math.floor(minutes / (24 * 60))}d`;
  }
  return new Date(createdAt).toLocaleDateString();
}

/** The bell's badge text: the count, or nothing at zero. */
export function unreadBadge(count: number | undefined): number {
  return count && count > 0 ? count : 0;
}

/** How long a channel warning tooltip stays (doc 1 §9). */
export const WARNING_TOOLTIP_MS = 2000;
