import { MESSAGES, type NotificationData } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { DomainEvent, DomainEvents } from '../../events/domain-events';
import { notificationDelivery } from '../notifications/deliver';
import { mergeOutgoing, type NotificationFor, notifyMany } from '../notifications/notify';

type Ctx = Pick<AppContext, 'db' | 'mailer' | 'sessions' | 'config' | 'events'>;

type AnswerFacts = { uuid: string; form_name: string; owner_id: number | null; business_name: string | null };

/** Where the bell opens an answer: the submissions table with the answer's view open. */
export const answerPath = (uuid: string) => `/forms/submissions?answer_uuid=${uuid}`;

/**
 * The form's owner and the managers of the client's open plans, keeping only staff who may read answers
 * (FORMS_READ through a role); notifyMany leaves out the actor and anyone inactive.
 */
async function notificationFor(tx: DbExecutor, event: DomainEvent): Promise<NotificationFor | null> {
  const facts = (
    await tx.execute<AnswerFacts & { recipient_ids: number[] }>(sql`
      select a.uuid, f.name as form_name, f.owner_id, c.business_name,
        array(
          select distinct u.id from users u join contacts uc on uc.user_id = u.id
          where uc.type = 'regular_user'
            and (u.id = f.owner_id or u.id in (select p.project_manager_id from projects p
              where p.customer_id = a.customer_id and p.kind <> 'personal'
                and p.status not in ('completed', 'cancelled', 'blueprint')))
            and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
              join permissions pm on pm.id = rp.permission_id where ur.user_id = u.id and pm.name = 'FORMS_READ')
        ) as recipient_ids
      from form_answers a join forms f on f.id = a.form_id left join customers c on c.id = a.customer_id
      where a.uuid = ${event.id}`)
  ).rows[0];
  if (!facts || facts.recipient_ids.length === 0) {
    return null;
  }
  const data: NotificationData = {
    title: MESSAGES.formAnswerReceivedTitle,
    sub_title: facts.form_name,
    content: facts.business_name,
    action_url: answerPath(facts.uuid),
    resource_id: facts.uuid,
    has_mention: false,
  };
  return { recipientIds: facts.recipient_ids, notification: { type: 'form_answer_received', data } };
}

export async function notifyAnswerEvents(ctx: Ctx, log: FastifyBaseLogger, events: readonly DomainEvent[]) {
  const relevant = events.filter((e) => e.model === 'form_answer' && e.action === 'created');
  if (relevant.length === 0) {
    return;
  }
  const outgoing = await ctx.db.transaction(async (tx) => {
    const parts = [];
    for (const event of relevant) {
      const item = await notificationFor(tx, event);
      if (item) {
        parts.push(await notifyMany(tx, [item], event.actorId));
      }
    }
    return mergeOutgoing(...parts);
  });
  await notificationDelivery(ctx, log)(outgoing);
}

const inFlight = new WeakMap<DomainEvents, Set<Promise<void>>>();

/** A new answer tells people by reacting to the committed 'form_answer' event, as request notifications do. */
export function subscribeAnswerNotifications(ctx: Ctx, log: FastifyBaseLogger): () => void {
  const running = inFlight.get(ctx.events) ?? new Set<Promise<void>>();
  inFlight.set(ctx.events, running);
  return ctx.events.subscribe((batch) => {
    if (!batch.some((e) => e.model === 'form_answer')) {
      return;
    }
    const work = notifyAnswerEvents(ctx, log, batch).catch((error: unknown) => {
      log.error({ err: error }, 'form answer notifications failed');
    });
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  });
}

/** Resolves once every answer notification started on this bus so far is written and delivered. */
export async function answerNotificationsSettled(events: DomainEvents): Promise<void> {
  const running = inFlight.get(events);
  while (running?.size) {
    await Promise.allSettled([...running]);
  }
}
