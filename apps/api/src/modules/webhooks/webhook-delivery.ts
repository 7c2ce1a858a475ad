import { MESSAGES, WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, type WebhookEvent } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import type { DomainEvent } from '../../events/domain-events';
import { notificationDelivery } from '../notifications/deliver';
import { notifyUsers } from '../notifications/notify';
import { ownerPrincipal, readForOwner } from './webhook-objects';
import { signatureHeader } from './webhook-signature';

/** Retries run for this long after a delivery's first try (issue 23: "for 24 hours"). */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** The first retry waits this long; each next one twice as long (1, 2, 4 … minutes: 11 tries within the day). */
export const WEBHOOK_RETRY_BASE_SECONDS = 60;
/** The failure rule: this many failed attempts in a row (any delivery; a success resets it) pause the webhook. */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 10;
/** How much of a receiver's answer the log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** A claimed delivery is not claimed again for this long (a worker that died mid-try is retried after it). */
const LEASE_SECONDS = 120;

export const retryDelaySeconds = (attempt: number) => WEBHOOK_RETRY_BASE_SECONDS * 2 ** (attempt - 1);

type Ctx = Pick<AppContext, 'db' | 'config' | 'secrets' | 'outbound' | 'mailer' | 'sessions' | 'events'>;

/** Sends a delivery to the job queue (pg-boss), now or after a delay; unset without jobs (tests run the sweep). */
export type WebhookQueue = (deliveryId: number, delaySeconds: number) => Promise<unknown>;
let queue: WebhookQueue | null = null;
export function setWebhookQueue(next: WebhookQueue | null): void {
  queue = next;
}
export const enqueue = async (deliveryId: number, delaySeconds: number, log: Pick<FastifyBaseLogger, 'error'>) => {
  // A lost send is not lost work: the sweep finds every due delivery within a minute.
  await queue?.(deliveryId, delaySeconds).catch((error: unknown) =>
    log.error({ err: error }, 'webhook enqueue failed'),
  );
};

/** Which webhook event a committed domain event is, if any. */
export function webhookEventOf(event: DomainEvent): WebhookEvent | null {
  const statusFrom = event.payload?.status_from;
  const changed = typeof statusFrom === 'string' && statusFrom !== event.payload?.status;
  switch (event.model) {
    case 'request':
      // A draft is not a request yet: it is "created" when it is submitted.
      if (event.action === 'created' && event.payload?.status !== 'draft') {
        return 'request.created';
      }
      if (event.action === 'updated' && changed) {
        return statusFrom === 'draft' ? 'request.created' : 'request.status_changed';
      }
      return null;
    case 'task':
      return event.action === 'created'
        ? 'task.created'
        : event.action === 'updated' && changed
          ? 'task.status_changed'
          : null;
    case 'comment':
      // A scheduled comment exists for its writer only until it is sent (userIds), and is not announced yet.
      return event.action === 'created' && !event.userIds ? 'comment.created' : null;
    case 'timelog':
    case 'requesttimelog':
      return event.action === 'created' ? 'time_log.created' : null;
    case 'upload':
      return event.action === 'attached' ? 'upload.attached' : null;
    case 'onboarding':
      return event.action === 'updated' && changed && event.payload?.status === 'done' ? 'onboarding.completed' : null;
    default:
      return null;
  }
}

/**
 * One delivery per active webhook subscribed to each event, due now; answers their ids. Called after the write
 * committed (the bus publishes only then), so a rolled-back write never reaches a receiver.
 */
export async function recordDeliveries(
  ctx: Pick<Ctx, 'db'>,
  items: readonly { event: WebhookEvent; objectUuid: string }[],
): Promise<number[]> {
  if (items.length === 0) {
    return [];
  }
  const events = `{${items.map((i) => i.event).join(',')}}`;
  const uuids = `{${items.map((i) => i.objectUuid).join(',')}}`;
  const result = await ctx.db.execute<{ id: number }>(sql`
    insert into webhook_deliveries (webhook_id, event, object_uuid, next_attempt_at, retry_until)
    select w.id, i.event, i.object_uuid, now(), now() + make_interval(hours => ${WEBHOOK_RETRY_WINDOW_HOURS})
    from unnest(${events}::text[], ${uuids}::uuid[]) with ordinality as i(event, object_uuid, n)
    join webhooks w on w.status = 'active' and i.event = any(w.events)
    order by i.n, w.id
    returning id`);
  return result.rows.map((row) => row.id);
}

/** The bus listener: committed writes become deliveries, queued at once. */
export function subscribeWebhookDeliveries(ctx: Ctx, log: FastifyBaseLogger): () => void {
  return ctx.events.subscribe(async (batch) => {
    const items = batch.flatMap((event) => {
      const kind = webhookEventOf(event);
      return kind && (WEBHOOK_EVENTS as readonly string[]).includes(kind)
        ? [{ event: kind, objectUuid: event.id }]
        : [];
    });
    for (const id of await recordDeliveries(ctx, items)) {
      await enqueue(id, 0, log);
    }
  });
}

type Claimed = {
  id: number;
  uuid: string;
  event: WebhookEvent;
  object_uuid: string;
  occurred_at: string;
  attempts: number;
  retry_until: string;
  webhook_id: number;
  webhook_uuid: string;
  url: string;
  secret_sealed: string;
  user_id: number;
};

export type AttemptOutcome = 'succeeded' | 'failed' | 'skipped';

/**
 * One try of a due delivery: claimed first (so a job and the sweep never both send it), read as the webhook's
 * owner, signed, POSTed through the guarded client, logged. Answers null when it was not due, its webhook is
 * paused, or another worker holds it.
 */
export async function attemptDelivery(
  ctx: Ctx,
  deliveryId: number,
  log: FastifyBaseLogger,
): Promise<AttemptOutcome | null> {
  const claimed = await ctx.db.execute<Claimed>(sql`
    update webhook_deliveries d
    set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    from webhooks w
    where d.id = ${deliveryId} and w.id = d.webhook_id and d.status = 'pending' and d.next_attempt_at <= now()
      and w.status = 'active'
    returning d.id, d.uuid, d.event, d.object_uuid, d.occurred_at, d.attempts, d.retry_until,
      w.id as webhook_id, w.uuid as webhook_uuid, w.url, w.secret_sealed, w.user_id`);
  const delivery = claimed.rows[0];
  if (!delivery) {
    return null;
  }
  const owner = await ownerPrincipal(ctx.db, delivery.user_id, ctx.config.superUserEmails);
  const data = owner ? await readForOwner(ctx.db, delivery.event, delivery.object_uuid, owner) : null;
  if (data === null) {
    // Acting as the owner, who may not (or no longer) read it: nothing leaves, and the log says why.
    await finish(ctx, delivery, 'skipped', {
      error: owner
        ? 'The webhook’s owner cannot read this object.'
        : 'The webhook’s owner can no longer manage webhooks.',
    });
    return 'skipped';
  }
  const body = JSON.stringify({
    id: delivery.uuid,
    event: delivery.event,
    occurred_at: new Date(delivery.occurred_at).toISOString(),
    webhook: delivery.webhook_uuid,
    data,
  });
  const started = performance.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    // Inside the try: a secret that no longer opens (APP_KEY changed) fails the attempt like any other failure.
    const secret = await ctx.secrets.open(delivery.secret_sealed);
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await ctx.outbound.request(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'AgencyPortal-Webhooks/1',
        'x-portal-event': delivery.event,
        'x-portal-delivery': delivery.uuid,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, timestamp, body),
      },
      body,
    });
    status = answer.status;
    excerpt = answer.body.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
  } catch (failure) {
    error = failure instanceof Error ? failure.message : 'The call failed.';
  }
  const durationMs = Math.round(performance.now() - started);
  const ok = status !== null && status >= 200 && status < 300;
  if (!ok && !error) {
    error = `The receiver answered ${status}.`;
  }
  await finish(ctx, delivery, ok ? 'succeeded' : 'failed', { status, excerpt, error, durationMs });
  if (!ok) {
    await afterFailure(ctx, delivery, log);
  }
  return ok ? 'succeeded' : 'failed';
}

async function finish(ctx: Ctx, delivery: Claimed, outcome: AttemptOutcome, result: AttemptResult): Promise<void> {
  const delay = retryDelaySeconds(delivery.attempts);
  await ctx.db.transaction(async (tx) => {
    await insertAttempt(tx, delivery.id, delivery.attempts, outcome, result);
    // A failure is tried again after the backoff while the day lasts; then the delivery has failed.
    await tx.execute(sql`
      update webhook_deliveries set
        status = case when ${outcome} <> 'failed' then ${outcome}
          when now() + make_interval(secs => ${delay}) <= retry_until then 'pending' else 'failed' end,
        next_attempt_at = case when ${outcome} = 'failed' and now() + make_interval(secs => ${delay}) <= retry_until
          then now() + make_interval(secs => ${delay}) end
      where id = ${delivery.id}`);
    if (outcome !== 'skipped') {
      await tx.execute(sql`
        update webhooks set last_delivery_at = now(),
          consecutive_failures = case when ${outcome} = 'succeeded' then 0 else consecutive_failures + 1 end
        where id = ${delivery.webhook_id}`);
    }
  });
}

type AttemptResult = {
  status?: number | null;
  excerpt?: string | null;
  error?: string | null;
  durationMs?: number;
  at?: Date;
};

function insertAttempt(
  db: DbExecutor,
  deliveryId: number,
  attempt: number,
  outcome: AttemptOutcome,
  result: AttemptResult,
) {
  return db.execute(sql`
    insert into webhook_attempts
      (delivery_id, attempt, outcome, response_status, duration_ms, response_excerpt, error, attempted_at)
    values (${deliveryId}, ${attempt}, ${outcome}, ${result.status ?? null}, ${result.durationMs ?? null},
      ${result.excerpt?.slice(0, RESPONSE_EXCERPT_BYTES) ?? null}, ${result.error ?? null},
      ${(result.at ?? new Date()).toISOString()})`);
}

/**
 * Logs an attempt made elsewhere and settles its delivery (no call is made): the demo seed's history, written as
 * the worker writes it.
 */
export async function recordAttempt(
  ctx: Pick<Ctx, 'db'>,
  deliveryId: number,
  outcome: AttemptOutcome,
  result: AttemptResult,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const updated = await tx.execute<{ attempts: number }>(sql`
      update webhook_deliveries set attempts = attempts + 1,
        status = case when ${outcome} = 'failed' then 'failed' else ${outcome} end, next_attempt_at = null
      where id = ${deliveryId} returning attempts`);
    await insertAttempt(tx, deliveryId, updated.rows[0]?.attempts ?? 1, outcome, result);
  });
}

/** Queues the retry, or pauses the webhook under the failure rule and tells its owner (bell, e-mail). */
async function afterFailure(ctx: Ctx, delivery: Claimed, log: FastifyBaseLogger): Promise<void> {
  const paused = await ctx.db.transaction(async (tx) => {
    const result = await tx.execute<{ url: string; consecutive_failures: number }>(sql`
      update webhooks set status = 'paused', paused_reason = 'failing', updated_at = now()
      where id = ${delivery.webhook_id} and status = 'active' and consecutive_failures >= ${WEBHOOK_PAUSE_AFTER_FAILURES}
      returning url, consecutive_failures`);
    const row = result.rows[0];
    if (!row) {
      return null;
    }
    return notifyUsers(
      tx,
      [delivery.user_id],
      {
        type: 'webhook_paused',
        data: {
          title: MESSAGES.webhookPausedTitle,
          sub_title: row.url,
          content: MESSAGES.webhookPausedBody(row.url, row.consecutive_failures),
          action_url: '/administration/webhooks',
          resource_id: delivery.webhook_uuid,
          has_mention: false,
        },
      },
      null,
    );
  });
  if (paused) {
    log.warn({ webhook: delivery.webhook_uuid }, 'webhook paused after repeated failures');
    await notificationDelivery(ctx, log)(paused);
    return;
  }
  const next = await ctx.db.execute<{ id: number }>(sql`
    select id from webhook_deliveries where id = ${delivery.id} and status = 'pending'`);
  if (next.rows.length) {
    await enqueue(delivery.id, retryDelaySeconds(delivery.attempts), log);
  }
}

/**
 * Every due delivery of an active webhook, oldest first: the safety net for sends the queue lost (a crash between
 * commit and enqueue), deliveries held while their webhook was paused, and how tests run deliveries.
 */
export async function runDueDeliveries(ctx: Ctx, log: FastifyBaseLogger, limit = 100): Promise<number> {
  const due = await ctx.db.execute<{ id: number }>(sql`
    select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.status = 'pending' and d.next_attempt_at <= now() and w.status = 'active'
    order by d.next_attempt_at, d.id limit ${limit}`);
  let attempted = 0;
  for (const { id } of due.rows) {
    if (await attemptDelivery(ctx, id, log)) {
      attempted += 1;
    }
  }
  return attempted;
}
