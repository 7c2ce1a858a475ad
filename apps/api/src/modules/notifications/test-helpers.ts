import type { NotificationData } from '@portal/domain';
import type { Database } from '../../db/client';
import { notifyUsers } from './notify';

export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A valid PushSubscription as JSON, distinct per `name`. */
export function subscriptionJson(name: string): string {
  return JSON.stringify({
    endpoint: `https://push.example.test/send/${name}`,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  });
}

export function notificationData(title: string, overrides: Partial<NotificationData> = {}): NotificationData {
  return {
    title,
    sub_title: null,
    content: null,
    action_url: null,
    resource_id: null,
    has_mention: false,
    ...overrides,
  };
}

/** Notifies `userId` once per title, in order, as nobody in particular (actor null). */
export async function seedNotifications(db: Database, userId: number, titles: string[], mention = false) {
  for (const title of titles) {
    await db.transaction((tx) =>
      notifyUsers(
        tx,
        [userId],
        { type: 'task_assigned', data: notificationData(title, { has_mention: mention }) },
        null,
      ),
    );
  }
}
