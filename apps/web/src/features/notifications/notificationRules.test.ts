import type { Notification, NotificationList } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { nextNotificationCursor, notificationAge, unreadBadge, WARNING_TOOLTIP_MS } from './notificationRules';

const item = (number: number): Notification => ({
  id: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
  number,
  type: 'task_assigned',
  read_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  data: { title: 'T', sub_title: null, content: null, action_url: null, resource_id: null, has_mention: false },
});
const page = (numbers: number[], current: number, last: number): NotificationList => ({
  data: numbers.map(item),
  meta: { total: 40, per_page: 15, current_page: current, last_page: last },
});
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('the bell list', () => {
  it('asks for the next 15 after the number of the last one shown', () => {
    expect(nextNotificationCursor(page(range(40, 26), 1, 3))).toBe(26);
  });

  it('stops on the last page or a short page', () => {
    expect(nextNotificationCursor(page(range(10, 1), 3, 3))).toBeUndefined();
    expect(nextNotificationCursor(page(range(15, 1), 3, 3))).toBeUndefined();
    expect(nextNotificationCursor(page([], 1, 1))).toBeUndefined();
  });

  it('shows the age of a notification briefly', () => {
    const now = new Date('2026-11-20T12:00:00.000Z');
    expect(notificationAge('2026-11-20T11:59:40.000Z', now)).toBe('just now');
    expect(notificationAge('2026-11-20T11:55:00.000Z', now)).toBe('5m');
    expect(notificationAge('2026-11-20T09:00:00.000Z', now)).toBe('3h');
    expect(notificationAge('2026-11-18T12:00:00.000Z', now)).toBe('2d');
  });

  it('shows no badge at zero', () => {
    expect(unreadBadge(undefined)).toBe(0);
    expect(unreadBadge(0)).toBe(0);
    expect(unreadBadge(7)).toBe(7);
  });

  it('hides channel warnings after 2 s', () => {
    expect(WARNING_TOOLTIP_MS).toBe(2000);
  });
});
