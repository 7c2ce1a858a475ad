import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { type DomainEvents, inTransaction } from '../../events/domain-events';
import { onInviteSent } from '../invites/invite-hooks';
import { notificationDelivery } from '../notifications/deliver';
import { registerUploadHolder } from '../uploads/holder-access';
import { markOrderConfirmed } from './commands';
import { loadSteps } from './process';
import { startOnboarding } from './start';
import { CLIENT, refreshOnboarding, setStepDone } from './state';

type Ctx = Pick<AppContext, 'db' | 'events' | 'secrets' | 'config' | 'mailer' | 'sessions'>;

const holdsOnboardingRead = (userId: number) => sql`exists (select 1 from user_roles ur
  join role_permissions rp on rp.role_id = ur.role_id join permissions p on p.id = rp.permission_id
  where ur.user_id = ${userId} and p.name = 'ONBOARDING_READ')`;

/** The items' files and the welcome kit's are read by regular users who may read onboardings. */
export function registerOnboardingUploads() {
  for (const type of ['onboarding_item', 'onboarding_welcome'] as const) {
    registerUploadHolder(type, {
      canView: async (db, viewer) =>
        viewer.type === 'regular_user' &&
        (await db.execute(sql`select 1 where ${holdsOnboardingRead(viewer.userId)}`)).rows.length > 0,
    });
  }
}

/**
 * Sending an invite starts the client's onboarding (or adds the invite's inclusions to an open one) inside the
 * invite's transaction, and the e-mail carries the page's link. The person who sent it owns a new onboarding.
 */
export function startOnInvite(ctx: Ctx): () => void {
  return onInviteSent(async (tx, sent, emit) => {
    const started = await startOnboarding(
      tx,
      { secrets: ctx.secrets, appUrl: ctx.config.appUrl },
      {
        customerId: sent.customerId,
        inclusions: sent.inclusions,
        inviteId: sent.inviteId,
        ownerId: sent.actorId,
        actor: { userId: sent.actorId, byClient: false },
      },
      emit,
    );
    if (!started) {
      return null;
    }
    return {
      label: 'Your onboarding page (welcome kit, what we need from you, your progress)',
      url: started.url,
      secret: started.token,
    };
  });
}

const inFlight = new WeakMap<DomainEvents, Set<Promise<void>>>();

/**
 * An answer to the information form from a client with an open onboarding ticks its information step (by the
 * client when it came through a link, else by the staff member who filled it in on their behalf).
 */
export function tickInformationOnAnswer(ctx: Ctx, log: FastifyBaseLogger): () => void {
  const running = inFlight.get(ctx.events) ?? new Set<Promise<void>>();
  inFlight.set(ctx.events, running);
  return ctx.events.subscribe((batch) => {
    const answers = batch.filter((e) => e.model === 'form_answer' && e.action === 'created');
    if (answers.length === 0) {
      return;
    }
    const work = (async () => {
      for (const event of answers) {
        const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
          const [match] = (
            await tx.execute<{ onboarding_id: number; source: string }>(sql`
              select o.id as onboarding_id, a.source from form_answers a
              join onboarding_settings s on s.id = 1 and s.information_form_id = a.form_id
              join onboardings o on o.customer_id = a.customer_id and o.status = 'open'
              where a.uuid = ${event.id}`)
          ).rows;
          const step = (await loadSteps(tx)).find((s) => s.key === 'information_form');
          if (!match || !step) {
            return null;
          }
          const actor = match.source === 'link' ? CLIENT : { userId: event.actorId, byClient: false };
          await setStepDone(tx, match.onboarding_id, 'information_form', true, actor, step.name);
          return refreshOnboarding(tx, match.onboarding_id, actor, emit);
        });
        if (outgoing) {
          await notificationDelivery(ctx, log)(outgoing);
        }
      }
    })().catch((error: unknown) => log.error({ err: error }, 'onboarding information step failed'));
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  });
}

/**
 * A placed order confirms the client's order: the open onboarding's `order_confirmed` step ticks itself (the orders
 * module announces `order.placed` after commit and knows nothing of onboarding).
 */
export function confirmOrderOnPlace(ctx: Ctx & Pick<AppContext, 'storage'>, log: FastifyBaseLogger): () => void {
  const running = inFlight.get(ctx.events) ?? new Set<Promise<void>>();
  inFlight.set(ctx.events, running);
  return ctx.events.subscribe((batch) => {
    const placed = batch.filter((e) => e.model === 'order' && e.action === 'placed');
    if (placed.length === 0) {
      return;
    }
    const work = (async () => {
      for (const event of placed) {
        const customerUuid = event.payload?.customer_uuid;
        if (typeof customerUuid !== 'string') {
          continue;
        }
        const [customer] = (
          await ctx.db.execute<{ id: number }>(sql`select id from customers where uuid = ${customerUuid}`)
        ).rows;
        if (customer) {
          await markOrderConfirmed(ctx, customer.id, log);
        }
      }
    })().catch((error: unknown) => log.error({ err: error }, 'onboarding order step failed'));
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  });
}

/** Resolves once every information-step update started on this bus so far has finished (tests). */
export async function onboardingListenersSettled(events: DomainEvents): Promise<void> {
  const running = inFlight.get(events);
  while (running?.size) {
    await Promise.allSettled([...running]);
  }
}
