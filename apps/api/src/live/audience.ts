import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { DomainEvent } from '../events/domain-events';
import type { Audience } from './rooms';

type Row = { kind: string | null; owner_id: number | null; linked: number[] | null };

/**
 * Who may read the object of an event: its plan, whether that plan is someone's personal plan, and the freelancers
 * who see it through a link of their own (task_users, request_users). One query per event, whatever the number of
 * sockets; the rules are those of modules/tasks/task-access.ts and modules/requests/request-access.ts.
 * A deleted object's links are gone: freelancers who saw it only through them learn of the delete at their next
 * refresh.
 */
export async function resolveAudience(db: Database, event: DomainEvent): Promise<Audience> {
  if (event.userIds) {
    return { planId: null, personalOwnerId: null, linkedFreelancerIds: [], onlyUserIds: event.userIds };
  }
  const planId = event.projectId ?? null;
  const linkSource = linkQuery(event);
  const result = await db.execute<Row>(sql`
    select p.kind, p.project_manager_id as owner_id,
      ${linkSource ? sql`array(select l.user_id from (${linkSource}) l join contacts c on c.user_id = l.user_id where c.type = 'freelancer')` : sql`null::int[]`} as linked
    from (select 1) one
    left join projects p on p.id = ${planId}`);
  const row = result.rows[0];
  const personal = row?.kind === 'personal' && event.model !== 'request' && event.model !== 'requesttimelog';
  return {
    planId,
    personalOwnerId: personal ? (row?.owner_id ?? -1) : null,
    linkedFreelancerIds: row?.linked ?? [],
  };
}

/** The users linked to the event's object (or to the task/request a log or comment belongs to). */
function linkQuery(event: DomainEvent) {
  const payload = event.payload ?? {};
  // A comment belongs to its commentable (a task, a request or a plan).
  const on = (type: string) => (payload.commentable_type === type ? (payload.commentable_uuid as string) : undefined);
  const taskUuid = event.model === 'task' ? event.id : ((payload.task_uuid as string | undefined) ?? on('task'));
  const requestUuid =
    event.model === 'request' ? event.id : ((payload.request_uuid as string | undefined) ?? on('request'));
  if (taskUuid && isUuid(taskUuid)) {
    return sql`select tu.user_id from task_users tu join tasks t on t.id = tu.task_id where t.uuid = ${taskUuid}`;
  }
  if (requestUuid && isUuid(requestUuid)) {
    return sql`select ru.user_id from request_users ru join requests r on r.id = ru.request_id where r.uuid = ${requestUuid}`;
  }
  return null;
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
