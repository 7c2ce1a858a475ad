import type { NotificationData, NotificationType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { intArrayLiteral } from '../../db/id-in';
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

/** One notification and who gets it; notifyMany writes several at once. */
export type NotificationFor = { recipientIds: readonly number[]; notification: NewNotification };

/**
 * Writes one notification per recipient inside the caller's transaction and answers what to deliver by e-mail and
 * Web Push after commit, and by SMS to a phone on file (doc 1 §5 channels: email_notifications, push_notifications
 * and sms_notifications '1'). The actor is never notified; only active staff and freelancers are (contacts do not use this app).
 *
 * `number` counts per recipient. Allocation takes a transaction-scoped advisory lock per recipient, in id order so
 * two transactions notifying overlapping people cannot deadlock; the unique (user_id, number) stays the guarantee.
 */
export function notifyUsers(
  tx: DbExecutor,
  recipientIds: readonly number[],
  notification: NewNotification,
  actorId: number | null,
): Promise<Outgoing> {
  return notifyMany(tx, [{ recipientIds, notification }], actorId);
}

/**
 * notifyUsers for many notifications in three statements, whatever their number (a bulk change of thousands of
 * tasks): the same recipients rule, the same per-recipient locks taken once each in id order, and each recipient's
 * numbers allocated consecutively in the order the notifications are given.
 */
export async function notifyMany(
  tx: DbExecutor,
  items: readonly NotificationFor[],
  actorId: number | null,
): Promise<Outgoing> {
  const wanted = items.map((item) => [...new Set(item.recipientIds)].filter((id) => id !== actorId));
  const allIds = [...new Set(wanted.flat())].sort((a, b) => a - b);
  if (allIds.length === 0) {
    return NO_OUTGOING;
  }
  const idList = intArrayLiteral(allIds);
  const found = await tx.execute<Recipient>(sql`
    select u.id, u.email, c.phone, c.preferences,
      array(select pt.token from push_tokens pt where pt.user_id = u.id order by pt.id) as tokens
    from users u join contacts c on c.user_id = u.id
    where u.id = any(${idList}::int[]) and u.status = 'active' and c.type in ('regular_user', 'freelancer')
    order by u.id`);
  const recipients = new Map(found.rows.map((r) => [r.id, r]));
  // In notification order, so each recipient's numbers follow the order the caller gave.
  const pairs = wanted.flatMap((ids, index) =>
    ids.filter((id) => recipients.has(id)).map((userId) => ({ userId, item: items[index] as NotificationFor })),
  );
  if (pairs.length === 0) {
    return NO_OUTGOING;
  }
  // The subquery's order is the order the locks are taken in.
  await tx.execute(sql`
    select pg_advisory_xact_lock(${NUMBER_LOCK_NAMESPACE}, s.id)
    from (select unnest(${sql.param([...recipients.keys()])}::int[]) as id order by 1) s`);
  const inserted = await tx.execute<{ user_id: number; uuid: string; number: number }>(sql`
    insert into notifications (user_id, number, type, data)
    select v.user_id,
      coalesce((select max(n.number) from notifications n where n.user_id = v.user_id), 0)
        + row_number() over (partition by v.user_id order by v.ord),
      v.type, v.data
    from unnest(
      ${sql.param(pairs.map((p) => p.userId))}::int[],
      ${sql.param(pairs.map((p) => p.item.notification.type))}::text[],
      ${sql.param(pairs.map((p) => JSON.stringify(p.item.notification.data)))}::jsonb[]
    ) with ordinality as v(user_id, type, data, ord)
    returning user_id, uuid, number`);
  // Rows come back in no promised order: match them by recipient and number (numbers rise with `ord`).
  const byUser = new Map<number, { uuid: string; number: number }[]>();
  for (const row of inserted.rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ uuid: row.uuid, number: row.number });
    byUser.set(row.user_id, list);
  }
  for (const list of byUser.values()) {
    list.sort((a, b) => a.number - b.number);
  }
  const outgoing: Outgoing = { emails: [], pushes: [], created: [] };
  for (const { userId, item } of pairs) {
    const row = byUser.get(userId)?.shift();
    const recipient = recipients.get(userId);
    if (!row || !recipient) {
      throw new Error('notification not created');
    }
    const { data } = item.notification;
    outgoing.created?.push({ userId, uuid: row.uuid, number: row.number, mention: Boolean(data.has_mention) });
    if ((recipient.preferences.email_notifications ?? '1') === '1') {
      outgoing.emails.push({ to: recipient.email, data });
    }
    const phone = recipient.phone?.trim();
    if (recipient.preferences.sms_notifications === '1' && phone) {
      outgoing.sms ??= [];
      outgoing.sms.push({ to: phone, data });
    }
    if ((recipient.preferences.push_notifications ?? '1') === '1' && recipient.tokens.length) {
      outgoing.pushes.push({
        userId,
        tokens: recipient.tokens,
        notification: { id: row.uuid, number: row.number, data },
      });
    }
  }
  return outgoing;
}
