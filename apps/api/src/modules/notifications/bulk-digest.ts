import type { NotificationData } from '@portal/domain';
import type { Outgoing } from './notify';

/** How many of the digested notifications a digest lists by name; the rest are counted. */
export const DIGEST_LISTED = 10;

/**
 * One message per recipient and channel for what a bulk operation notified: the bell keeps one notification per
 * row (each is its own item to read and open), but completing 2,000 tasks must not send their followers 2,000
 * e-mails, pushes or texts. A recipient told about a single row gets that row's message unchanged.
 */
export function digestOutgoing(outgoing: Outgoing): Outgoing {
  const emails = groupBy(outgoing.emails, (e) => e.to).map((group) =>
    group.length === 1
      ? (group[0] as (typeof group)[number])
      : { to: group[0]?.to ?? '', data: digest(group.map((e) => e.data)) },
  );
  const sms = groupBy(outgoing.sms ?? [], (s) => s.to).map((group) =>
    group.length === 1
      ? (group[0] as (typeof group)[number])
      : { to: group[0]?.to ?? '', data: digest(group.map((s) => s.data)) },
  );
  const pushes = groupBy(outgoing.pushes, (p) => String(p.userId)).map((group) => {
    const last = group[group.length - 1] as (typeof group)[number];
    if (group.length === 1) {
      return last;
    }
    // The newest notification's id and number, so the service worker's badge and click land where the bell is.
    return { ...last, notification: { ...last.notification, data: digest(group.map((p) => p.notification.data)) } };
  });
  return { emails, pushes, created: outgoing.created ?? [], ...(sms.length ? { sms } : {}) };
}

/** The digest's text: how many, what kind when they share one, and the first few by their subject. */
export function digest(items: readonly NotificationData[]): NotificationData {
  const titles = new Set(items.map((i) => i.title));
  const paths = new Set(items.map((i) => (i.action_url ?? '').split('?')[0] ?? ''));
  const listed = items.slice(0, DIGEST_LISTED).map((i) => {
    const subject = i.sub_title ?? i.title;
    return i.content ? `${subject}: ${i.content}` : subject;
  });
  if (items.length > DIGEST_LISTED) {
    listed.push(`and ${items.length - DIGEST_LISTED} more`);
  }
  const [path] = [...paths];
  return {
    title: `${items.length} new notifications`,
    sub_title: titles.size === 1 ? ([...titles][0] ?? null) : null,
    content: listed.join('\n'),
    // The list the items live in when they share one (e.g. /tasks), else the app's home.
    action_url: paths.size === 1 && path ? path : '/',
    resource_id: null,
    has_mention: items.some((i) => i.has_mention),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) {
      group.push(item);
    } else {
      groups.set(k, [item]);
    }
  }
  return [...groups.values()];
}
