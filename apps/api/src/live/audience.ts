import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { DomainEvent } from '../events/domain-events';
import type { Audience } from './rooms';

type Plan = { id: number; kind: string; owner_id: number | null };
type Links = { uuid: string; linked: number[] };

/** Events whose audience one round of queries resolves: a bulk change of 10,000 tasks announces 20,000 events. */
const CHUNK = 2000;

/**
 * Who may read the object of each event: its plan, whether that plan is someone's personal plan, and the
 * freelancers who see it through a link of their own (task_users, request_users). Three queries per batch of events,
 * whatever the number of events and sockets; the rules are those of modules/tasks/task-access.ts and
 * modules/requests/request-access.ts. A deleted object's links are gone: freelancers who saw it only through them
 * learn of the delete at their next refresh.
 */
export async function resolveAudiences(
  db: Database,
  events: readonly DomainEvent[],
): Promise<Map<DomainEvent, Audience>> {
  const audiences = new Map<DomainEvent, Audience>();
  for (let start = 0; start < events.length; start += CHUNK) {
    const chunk = events.slice(start, start + CHUNK);
    const planIds = [...new Set(chunk.map((e) => e.projectId).filter((id): id is number => typeof id === 'number'))];
    const links = chunk.map((event) => linkOf(event));
    const taskUuids = [...new Set(links.filter((l) => l?.kind === 'task').map((l) => l?.uuid as string))];
    const requestUuids = [...new Set(links.filter((l) => l?.kind === 'request').map((l) => l?.uuid as string))];
    const [plans, taskLinks, requestLinks] = await Promise.all([
      planIds.length
        ? db.execute<Plan>(
            sql`select id, kind, project_manager_id as owner_id from projects where id = any(${sql.param(planIds)}::int[])`,
          )
        : { rows: [] as Plan[] },
      taskUuids.length
        ? db.execute<Links>(sql`
            select t.uuid::text as uuid, array_agg(tu.user_id) as linked
            from tasks t join task_users tu on tu.task_id = t.id join contacts c on c.user_id = tu.user_id
            where t.uuid = any(${sql.param(taskUuids)}::uuid[]) and c.type = 'freelancer'
            group by t.uuid`)
        : { rows: [] as Links[] },
      requestUuids.length
        ? db.execute<Links>(sql`
            select r.uuid::text as uuid, array_agg(ru.user_id) as linked
            from requests r join request_users ru on ru.request_id = r.id join contacts c on c.user_id = ru.user_id
            where r.uuid = any(${sql.param(requestUuids)}::uuid[]) and c.type = 'freelancer'
            group by r.uuid`)
        : { rows: [] as Links[] },
    ]);
    const planById = new Map(plans.rows.map((p) => [p.id, p]));
    const linkedTo = {
      task: new Map(taskLinks.rows.map((l) => [l.uuid.toLowerCase(), l.linked])),
      request: new Map(requestLinks.rows.map((l) => [l.uuid.toLowerCase(), l.linked])),
    };
    chunk.forEach((event, index) => {
      if (event.userIds) {
        audiences.set(event, {
          planId: null,
          personalOwnerId: null,
          linkedFreelancerIds: [],
          onlyUserIds: event.userIds,
        });
        return;
      }
      const planId = event.projectId ?? null;
      const plan = planId === null ? undefined : planById.get(planId);
      const link = links[index];
      const personal = plan?.kind === 'personal' && event.model !== 'request' && event.model !== 'requesttimelog';
      audiences.set(event, {
        planId,
        personalOwnerId: personal ? (plan?.owner_id ?? -1) : null,
        linkedFreelancerIds: link ? (linkedTo[link.kind].get(link.uuid.toLowerCase()) ?? []) : [],
      });
    });
  }
  return audiences;
}

/** The audience of one event (resolveAudiences for a batch of one). */
export async function resolveAudience(db: Database, event: DomainEvent): Promise<Audience> {
  return (await resolveAudiences(db, [event])).get(event) as Audience;
}

/** The task or request whose linked users see the event's object (a log or comment belongs to one). */
function linkOf(event: DomainEvent): { kind: 'task' | 'request'; uuid: string } | null {
  const payload = event.payload ?? {};
  // A comment belongs to its commentable (a task, a request or a plan).
  const on = (type: string) => (payload.commentable_type === type ? (payload.commentable_uuid as string) : undefined);
  const taskUuid = event.model === 'task' ? event.id : ((payload.task_uuid as string | undefined) ?? on('task'));
  const requestUuid =
    event.model === 'request' ? event.id : ((payload.request_uuid as string | undefined) ?? on('request'));
  if (taskUuid && isUuid(taskUuid)) {
    return { kind: 'task', uuid: taskUuid };
  }
  if (requestUuid && isUuid(requestUuid)) {
    return { kind: 'request', uuid: requestUuid };
  }
  return null;
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
