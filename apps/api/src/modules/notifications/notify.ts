import type { NotificationData, NotificationType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { ContactPreferences } from '../../db/schema';

/** Namespace of the per-recipient advisory lock that serialises number allocation ('NOTI'). */
const NUMBER_LOCK_NAMESPACE = 0x4e4f5449;

export type NewNotification = { type: NotificationType; data: NotificationData };

/** What must leave the server once the transaction that created the notifications has committed. */
export type Outgoing = {
  emails: { to: string; data: NotificationData }[];
  /** Texts for recipients whose sms_notifications is '1' and who have a phone (sent when SMS is configured). */
  sms?: { to: string; data: NotificationData }[];
  pushes: { userId: number; tokens: string[]; notification: { id: string; number: number; data: NotificationData } }[];
  /** Every notification written, announced after commit on its recipient's users.{uuid} channel. */
  created?: { userId: number; uuid: string; number: number; mention: boolean }[];
};

export const NO_OUTGOING: Outgoing = { emails: [], pushes: [] };

export function mergeOutgoing(...parts: Outgoing[]): Outgoing {
  return {
    emails: parts.flatMap((p) => p.emails),
    pushes: parts.flatMap((p) => p.pushes),
    created: parts.flatMap((p) => p.created ?? []),
    ...(parts.some((p) => p.sms?.length) ? { sms: parts.flatMap((p) => p.sms ?? []) } : {}),
  };
}

type Recipient = {
  id: number;
  email: string;
  phone: string | null;
  preferences: ContactPreferences;
  tokens: string[];
};

/**
 * Writes one notification per recipient inside the caller's transaction and answers what to deliver by e-mail and
 * Web Push after commit, and by SMS to a phone on file (doc 1 §5 channels: email_notifications, push_notifications
 * and sms_notifications '1'). The actor is never notified; only active staff and freelancers are (contacts do not use this app).
 *
 * `number` counts per recipient. Allocation takes a transaction-scoped advisory lock per recipient, in id order so
 * two transactions notifying overlapping people cannot deadlock; the unique (user_id, number) stays the guarantee.
 */
export async function notifyUsers(
  tx: DbExecutor,
  recipientIds: readonly number[],
  notification: NewNotification,
  actorId: number | null,
): Promise<Outgoing> {
  const ids = [...new Set(recipientIds)].filter((id) => id !== actorId).sort((a, b) => a - b);
  if (ids.length === 0) {
    return NO_OUTGOING;
  }
  const idList = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  const found = await tx.execute<Recipient>(sql`
    select u.id, u.email, c.phone, c.preferences,
      array(select pt.token from push_tokens pt where pt.user_id = u.id order by pt.id) as tokens
    from users u join contacts c on c.user_id = u.id
    where u.id = any(${idList}::int[]) and u.status = 'active' and c.type in ('regular_user', 'freelancer')
    order by u.id`);
  const recipients = found.rows;
  const outgoing: Outgoing = { emails: [], pushes: [] };
  for (const recipient of recipients) {
    await tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_NAMESPACE}, ${recipient.id})`);
    const inserted = await tx.execute<{ uuid: string; number: number }>(sql`
      insert into notifications (user_id, number, type, data)
      select ${recipient.id}, coalesce(max(n.number), 0) + 1, ${notification.type}, ${JSON.stringify(notification.data)}::jsonb
      from notifications n where n.user_id = ${recipient.id}
      returning uuid, number`);
    const row = inserted.rows[0];
    if (!row) {
      throw new Error('notification not created');
    }
    outgoing.created ??= [];
    outgoing.created.push({
      userId: recipient.id,
      uuid: row.uuid,
      number: row.number,
      mention: Boolean(notification.data.has_mention),
    });
    if ((recipient.preferences.email_notifications ?? '1') === '1') {
      outgoing.emails.push({ to: recipient.email, data: notification.data });
    }
    const phone = recipient.phone?.trim();
    if (recipient.preferences.sms_notifications === '1' && phone) {
      outgoing.sms ??= [];
      outgoing.sms.push({ to: phone, data: notification.data });
    }
    if ((recipient.preferences.push_notifications ?? '1') === '1' && recipient.tokens.length) {
      outgoing.pushes.push({
        userId: recipient.id,
        tokens: recipient.tokens,
        notification: { id: row.uuid, number: row.number, data: notification.data },
      });
    }
  }
  return outgoing;
}
