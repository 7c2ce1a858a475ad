import { MESSAGES, type NotificationData, type UserType } from '@portal/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { requests } from '../../db/schema';
import type { DomainEvent, DomainEvents } from '../../events/domain-events';
import { digestOutgoing } from '../notifications/bulk-digest';
import { notificationDelivery } from '../notifications/deliver';
import { mergeOutgoing, type NotificationFor, notifyMany } from '../notifications/notify';
import type { LinkedPerson } from '../people/linked-people';
import { visibleRequests } from './request-access';
import { loadRequestPeople } from './request-people';

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

/** loadRequestFacts for many requests in one statement, by uuid. */
async function loadRequestFactsMany(db: DbExecutor, uuids: readonly string[]): Promise<Map<string, RequestFacts>> {
  if (uuids.length === 0) {
    return new Map();
  }
  const result = await db.execute<RequestFacts>(sql`
    select r.id, r.uuid, r.subject, r.status, r.creator_id, p.project_manager_id, p.title as project_title
    from requests r left join projects p on p.id = r.project_id
    where r.uuid = any(${sql.param([...new Set(uuids)])}::uuid[])`);
  return new Map(result.rows.map((row) => [row.uuid, row]));
}

/**
 * Of these users, those who may open the request: REQUEST_READ through a role (GET requests/{uuid} demands it) and
 * admitted by the requests' own visibility rule (request-access.ts visibleRequests) for their user type.
 */
export async function whoMaySeeRequest(tx: DbExecutor, requestId: number, userIds: readonly number[]) {
  return (await whoMaySeeRequests(tx, [{ requestId, userIds }])).get(requestId) ?? new Set<number>();
}

/**
 * whoMaySeeRequest for many requests at once (a bulk change of thousands): one statement for who holds REQUEST_READ,
 * then one per distinct person for which of their requests the visibility rule admits. Answers the admitted user ids
 * by request id.
 */
async function whoMaySeeRequests(
  tx: DbExecutor,
  asked: readonly { requestId: number; userIds: readonly number[] }[],
): Promise<Map<number, Set<number>>> {
  const allowed = new Map<number, Set<number>>();
  const requestsOf = new Map<number, Set<number>>();
  for (const { requestId, userIds } of asked) {
    for (const userId of userIds) {
      const list = requestsOf.get(userId) ?? new Set<number>();
      list.add(requestId);
      requestsOf.set(userId, list);
    }
  }
  if (requestsOf.size === 0) {
    return allowed;
  }
  const candidates = await tx.execute<{ id: number; type: UserType }>(sql`
    select u.id, c.type from users u join contacts c on c.user_id = u.id
    where u.id = any(${sql.param([...requestsOf.keys()].map((id) => Math.trunc(id)))}::int[])
      and c.type in ('regular_user', 'freelancer')
      and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
        join permissions p on p.id = rp.permission_id where ur.user_id = u.id and p.name = 'REQUEST_READ')`);
  for (const candidate of candidates.rows) {
    const visible = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(
        and(
          inArray(requests.id, [...(requestsOf.get(candidate.id) ?? [])]),
          visibleRequests({ userId: candidate.id, type: candidate.type }),
        ),
      );
    for (const { id } of visible) {
      const set = allowed.get(id) ?? new Set<number>();
      set.add(candidate.id);
      allowed.set(id, set);
    }
  }
  return allowed;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

type Group = { ids: number[]; title: string; content: string | null; type: NotificationFor['notification']['type'] };

/**
 * Who one committed request write tells, and what (doc 1 §9 bell, by each person's channels):
 * - submitted (created as, or moved out of, draft): the plan's manager and the request's followers learn a new
 *   request arrived; its responsible people that they were made responsible;
 * - later writes: people made responsible; on a status change, the responsible people and the creator.
 */
function groupsOf(event: DomainEvent, facts: RequestFacts, people: readonly LinkedPerson[]): Group[] {
  const payload = event.payload ?? {};
  const statusFrom = typeof payload.status_from === 'string' ? payload.status_from : undefined;
  const submitted = event.action === 'created' || statusFrom === 'draft';
  const responsibles = people.filter((p) => p.pivot === 'responsible');
  const followers = people.filter((p) => p.pivot === 'follower');
  const responsibleIds = responsibles.map((p) => p.userId);
  const added = new Set(stringList(payload.responsibles_added));
  const assigned = submitted ? responsibleIds : responsibles.filter((p) => added.has(p.uuid)).map((p) => p.userId);

  const groups: Group[] = [
    { ids: assigned, title: MESSAGES.requestAssignedTitle, content: facts.project_title, type: 'request_assigned' },
  ];
  if (submitted) {
    groups.push({
      ids: [facts.project_manager_id, ...followers.map((p) => p.userId)].filter((id): id is number => id !== null),
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
  return groups;
}

/**
 * The notifications of a batch of committed request writes, per write in the batch's order. Each person gets one
 * notification per write (being made responsible outranks the rest); nobody who may not open the request is told;
 * the actor is left out. Set-wise: a bulk change of 10,000 requests reads facts, people and visibility in a handful
 * of statements, not a few per request.
 */
async function notificationsFor(tx: DbExecutor, events: readonly DomainEvent[]) {
  const facts = await loadRequestFactsMany(
    tx,
    events.map((e) => e.id),
  );
  const live = events.flatMap((event) => {
    const found = facts.get(event.id);
    return found && found.status !== 'draft' ? [{ event, facts: found }] : [];
  });
  const people = await loadRequestPeople(tx, [...new Set(live.map((l) => l.facts.id))]);
  const planned = live.map((l) => ({ ...l, groups: groupsOf(l.event, l.facts, people.get(l.facts.id) ?? []) }));
  const maySee = await whoMaySeeRequests(
    tx,
    planned.map((p) => ({ requestId: p.facts.id, userIds: p.groups.flatMap((g) => g.ids) })),
  );
  return planned.map(({ event, facts: request, groups }) => {
    const admitted = maySee.get(request.id) ?? new Set<number>();
    const told = new Set<number>();
    const items: NotificationFor[] = groups.map((group) => {
      const recipientIds = [...new Set(group.ids)].filter(
        (id) => admitted.has(id) && !told.has(id) && id !== event.actorId,
      );
      for (const id of recipientIds) {
        told.add(id);
      }
      return {
        recipientIds,
        notification: { type: group.type, data: requestNotificationData(request, group.title, group.content) },
      };
    });
    return { actorId: event.actorId, items };
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
    const perEvent = await notificationsFor(tx, relevant);
    // One notifyMany per run of writes by the same actor (it leaves out its actor), keeping the batch's order.
    const parts = [];
    let start = 0;
    while (start < perEvent.length) {
      const actorId = perEvent[start]?.actorId ?? null;
      let end = start;
      while (end < perEvent.length && perEvent[end]?.actorId === actorId) {
        end += 1;
      }
      parts.push(
        await notifyMany(
          tx,
          perEvent.slice(start, end).flatMap((e) => e.items),
          actorId,
        ),
      );
      start = end;
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
