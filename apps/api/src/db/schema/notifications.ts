import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId } from './columns';
import { users } from './users';

export type NotificationData = {
  title: string;
  sub_title: string | null;
  content: string | null;
  action_url: string | null;
  resource_id: string | null;
  has_mention: boolean;
};

/**
 * A person's notifications (doc 1 §3). `number` counts per recipient (1, 2, 3, …): it is the list's cursor
 * (`after`) without exposing a global sequence.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    uuid: publicId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    type: text().notNull(),
    data: jsonb().$type<NotificationData>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notifications_user_number_unique').on(t.userId, t.number),
    // The bell's unread count and the inbox's unread mentions.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The Mentions badge (mentions/count) and the inbox: a person's mention notifications, without reading the rest.
    index('notifications_user_unread_mention_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null and (${t.data} ->> 'has_mention')::boolean is true`),
    index('notifications_user_mention_idx')
      .on(t.userId, t.number)
      .where(sql`(${t.data} ->> 'has_mention')::boolean is true`),
  ],
);

/** Small server-wide settings that must survive restarts and be shared by instances (e.g. the VAPID key pair). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
