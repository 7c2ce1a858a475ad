import { MESSAGES, type NotificationData, type UserType } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import type { DomainEvent, DomainEvents } from '../../events/domain-events';
import { digestOutgoing } from '../notifications/bulk-digest';
import { notificationDelivery } from '../notifications/deliver';
import { mergeOutgoing, type NotificationFor, notifyMany } from '../notifications/notify';
import { visibleRequests } from './request-access';
import { currentRequestPeople } from './request-people';

type RequestFacts = {
  id: number;
  uuid: string;
  subject: string;
  status: string;
  creator_id: number | null;
  project_manager_id: number | null;
  project_title: string | null;
};

/** How the bell shows a request status: 'new' reads 'In preparation' (doc 2 §4). */
export function requestStatusLabel(status: string): string {
  if (status === 'new') {
    return 'In preparation';
  }
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A request notification's data: the request's subject, and a link that opens it. */
export function requestNotificationData(
  request: { uuid: string; subject: string },
  title: string,
  content: string | null = null,
): NotificationData {
  return {
    title,
    sub_title: request.subject,
    content,
    action_url: `/requests/${request.uuid}`,
    resource_id: request.uuid,
    has_mention: false,
  };
}

export async function loadRequestFacts(db: DbExecutor, where: { uuid: string } | { id: number }) {
  const condition = 'id' in where ? sql`r.id = ${where.id}` : sql`r.uuid = ${where.uuid}`;
  const result = await db.execute<RequestFacts>(sql`
    select r.id, r.uuid, r.subject, r.status, r.creator_id, p.project_manager_id, p.title as project_title
    from requests r left join projects p on p.id = r.project_id where ${condition}`);
  return result.rows[0];
}

/**
 * Of these users, those who may open the request: REQUEST_READ through a role (GET requests/{uuid} demands it) and
 * admitted by the requests' own visibility rule (request-access.ts visibleRequests) for their user type.
 */
export async function whoMaySeeRequest(tx: DbExecutor, requestId: number, userIds: readonly number[]) {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) {
    return new Set<number>();
  }
  const candidates = await tx.execute<{ id: number; type: UserType }>(sql`
    select u.id, c.type from users u join contacts c on c.user_id = u.id
    where u.id = any(${`{${wanted.map((id) => Math.trunc(id)).join(',')}}`}::int[])
      and c.type in ('regular_user', 'freelancer')
      and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
        join permissions p on p.id = rp.permission_id where ur.user_id = u.id and p.name = 'REQUEST_READ')`);
  const allowed = new Set<number>();
  for (const candidate of candidates.rows) {
    const [visible] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.id, requestId), visibleRequests({ userId: candidate.id, type: candidate.type })))
      .limit(1);
    if (visible) {
      allowed.add(candidate.id);
    }
  }
  return allowed;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The notifications one committed request write causes (doc 1 §9 bell, by each person's channels):
 * - submitted (created as, or moved out of, draft): the plan's manager and the request's followers learn a new
 *   request arrived; its responsible people that they were made responsible;
 * - later writes: people made responsible; on a status change, the responsible people and the creator.
 * Each person gets one notification per write (being made responsible outranks the rest); nobody who may not open
 * the request is told; notifyMany leaves out the actor.
 */
async function notificationsFor(tx: DbExecutor, event: DomainEvent): Promise<NotificationFor[]> {
  const facts = await loadRequestFacts(tx, { uuid: event.id });
  if (!facts || facts.status === 'draft') {
    return [];
  }
  const payload = event.payload ?? {};
  const statusFrom = typeof payload.status_from === 'string' ? payload.status_from : undefined;
  const submitted = event.action === 'created' || statusFrom === 'draft';
  const people = await currentRequestPeople(tx, facts.id);
  const responsibleIds = people.responsibles.map((p) => p.id);
  const added = new Set(stringList(payload.responsibles_added));
  const assigned = submitted ? responsibleIds : people.responsibles.filter((p) => added.has(p.uuid)).map((p) => p.id);

  const groups: {
    ids: number[];
    title: string;
    content: string | null;
    type: NotificationFor['notification']['type'];
  }[] = [
    { ids: assigned, title: MESSAGES.requestAssignedTitle, content: facts.project_title, type: 'request_assigned' },
  ];
  if (submitted) {
    groups.push({
      ids: [facts.project_manager_id, ...people.followers.map((p) => p.id)].filter((id): id is number => id !== null),
      title: MESSAGES.requestCreatedTitle,
      content: facts.project_title,
      type: 'request_created',
    });
  } else if (statusFrom !== undefined && statusFrom !== facts.status) {
    groups.push({
      ids: [...responsibleIds, facts.creator_id].filter((id): id is number => id !== null),
      title: MESSAGES.requestStatusChangedTitle,
      content: `${requestStatusLabel(statusFrom)} → ${requestStatusLabel(facts.status)}`,
      type: 'request_status_changed',
    });
  }
  const maySee = await whoMaySeeRequest(
    tx,
    facts.id,
    groups.flatMap((g) => g.ids),
  );
  const told = new Set<number>();
  return groups.map((group) => {
    const recipientIds = [...new Set(group.ids)].filter(
      (id) => maySee.has(id) && !told.has(id) && id !== event.actorId,
    );
    for (const id of recipientIds) {
      told.add(id);
    }
    return {
      recipientIds,
      notification: { type: group.type, data: requestNotificationData(facts, group.title, group.content) },
    };
  });
}

/** Writes and delivers the notifications of a batch of committed request events (one transaction, digested). */
export async function notifyRequestEvents(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sessions' | 'config' | 'events'>,
  log: FastifyBaseLogger,
  events: readonly DomainEvent[],
) {
  const relevant = events.filter((e) => e.model === 'request' && (e.action === 'created' || e.action === 'updated'));
  if (relevant.length === 0) {
    return;
  }
  const outgoing = await ctx.db.transaction(async (tx) => {
    const parts = [];
    // One notifyMany per actor: it leaves out the actor of the write.
    for (const event of relevant) {
      parts.push(await notifyMany(tx, await notificationsFor(tx, event), event.actorId));
    }
    return parts;
  });
  // A bulk change of many requests sends each person one e-mail, push and text, not one per request.
  await notificationDelivery(ctx, log)(digestOutgoing(mergeOutgoing(...outgoing)));
}

/** Notifications still being written per bus, so tests (and a graceful stop) can wait for them. */
const inFlight = new WeakMap<DomainEvents, Set<Promise<void>>>();

/**
 * Request notifications react to the requests module's committed events (STYLE: writes announce themselves), on
 * the instance that made the write. Answers the unsubscribe function.
 */
export function subscribeRequestNotifications(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sessions' | 'config' | 'events'>,
  log: FastifyBaseLogger,
): () => void {
  const running = inFlight.get(ctx.events) ?? new Set<Promise<void>>();
  inFlight.set(ctx.events, running);
  return ctx.events.subscribe((batch) => {
    if (!batch.some((e) => e.model === 'request')) {
      return;
    }
    const work = notifyRequestEvents(ctx, log, batch).catch((error: unknown) => {
      log.error({ err: error }, 'request notifications failed');
    });
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  });
}

/** Resolves once every request notification started on this bus so far is written and delivered. */
export async function requestNotificationsSettled(events: DomainEvents): Promise<void> {
  const running = inFlight.get(events);
  while (running?.size) {
    await Promise.allSettled([...running]);
  }
}
