import { isIP } from 'node:net';
import {
  MESSAGES,
  type Webhook,
  type WebhookAttempt,
  type WebhookEvent,
  type webhookAttemptListQuerySchema,
  type webhookInputSchema,
  type webhookUpdateSchema,
} from '@portal/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { contacts, users, webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { listMeta, pageOffset } from '../../http/list-paging';
import { isPublicAddress } from '../../outbound/public-address';
import { WEBHOOK_RETRY_WINDOW_HOURS } from './webhook-delivery';
import { newWebhookSecret } from './webhook-signature';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'outbound' | 'resolveHost'>;

/**
 * Whether a webhook may point here: what the guarded client would refuse (scheme, credentials, an inward IP
 * literal), and a host name that resolves inward now. The client checks again at every connect; this answers 422
 * early instead of a log full of refusals.
 */
async function assertDeliverableUrl(ctx: Ctx, url: string): Promise<void> {
  const refuse = () => validationError({ url: [MESSAGES.webhookUrlNotAllowed] });
  if (ctx.outbound.checkUrl(url)) {
    throw refuse();
  }
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) || ctx.outbound.isAllowListed(host)) {
    return;
  }
  const addresses = await ctx.resolveHost(host).catch(() => [] as string[]);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw refuse();
  }
}

const listColumns = {
  id: webhooks.id,
  uuid: webhooks.uuid,
  url: webhooks.url,
  events: webhooks.events,
  status: webhooks.status,
  pausedReason: webhooks.pausedReason,
  consecutiveFailures: webhooks.consecutiveFailures,
  createdAt: webhooks.createdAt,
  lastDeliveryAt: webhooks.lastDeliveryAt,
  ownerUuid: users.uuid,
  ownerName: contacts.name,
};

function selectWebhooks(ctx: Pick<Ctx, 'db'>, where?: SQL) {
  return ctx.db
    .select(listColumns)
    .from(webhooks)
    .innerJoin(users, eq(users.id, webhooks.userId))
    .leftJoin(contacts, eq(contacts.userId, users.id))
    .where(where)
    .orderBy(webhooks.id);
}

type Row = Awaited<ReturnType<typeof selectWebhooks>>[number];

const present = (row: Row): Webhook => ({
  uuid: row.uuid,
  url: row.url,
  events: row.events as WebhookEvent[],
  status: row.status,
  paused_reason: row.pausedReason ?? null,
  consecutive_failures: row.consecutiveFailures,
  owner: { uuid: row.ownerUuid, name: row.ownerName ?? '' },
  created_at: row.createdAt.toISOString(),
  last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
});

/** Every webhook of the agency (they are an admin setting, not personal): never a secret. */
export async function listWebhooks(ctx: Pick<Ctx, 'db'>): Promise<Webhook[]> {
  return (await selectWebhooks(ctx)).map(present);
}

async function findRow(ctx: Pick<Ctx, 'db'>, uuid: string): Promise<Row> {
  const [row] = await selectWebhooks(ctx, eq(webhooks.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return row;
}

export async function getWebhook(ctx: Pick<Ctx, 'db'>, uuid: string): Promise<Webhook> {
  return present(await findRow(ctx, uuid));
}

/** Creates a webhook owned by the caller; the answer carries the secret, the only time it leaves the server. */
export async function createWebhook(
  ctx: Ctx,
  ownerId: number,
  input: z.output<typeof webhookInputSchema>,
): Promise<Webhook & { secret: string }> {
  await assertDeliverableUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const [created] = await ctx.db
    .insert(webhooks)
    .values({
      userId: ownerId,
      url: input.url,
      events: [...new Set(input.events)],
      secretSealed: await ctx.secrets.seal(secret),
    })
    .returning({ uuid: webhooks.uuid });
  return { ...(await getWebhook(ctx, created?.uuid ?? '')), secret };
}

/**
 * PUT: URL and events, and `active` to pause or resume. Changing what is sent or where makes the caller the owner:
 * deliveries act with the owner's permissions, so another admin cannot send the owner's view to an address of
 * their own. Resuming clears the failure count; deliveries held while paused go out with the next sweep.
 */
export async function updateWebhook(
  ctx: Ctx,
  callerId: number,
  uuid: string,
  input: z.output<typeof webhookUpdateSchema>,
): Promise<Webhook> {
  const row = await findRow(ctx, uuid);
  if (input.url !== undefined && input.url !== row.url) {
    await assertDeliverableUrl(ctx, input.url);
  }
  const changesTarget = input.url !== undefined || input.events !== undefined;
  await ctx.db
    .update(webhooks)
    .set({
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
      ...(changesTarget ? { userId: callerId } : {}),
      ...(input.active === true && row.status === 'paused'
        ? { status: 'active' as const, pausedReason: null, consecutiveFailures: 0 }
        : {}),
      ...(input.active === false && row.status === 'active'
        ? { status: 'paused' as const, pausedReason: 'manual' as const }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(webhooks.id, row.id));
  return getWebhook(ctx, uuid);
}

/** A new secret, answered once; the old one stops signing at once. */
export async function rotateWebhookSecret(ctx: Ctx, uuid: string): Promise<Webhook & { secret: string }> {
  const row = await findRow(ctx, uuid);
  const secret = newWebhookSecret();
  await ctx.db
    .update(webhooks)
    .set({ secretSealed: await ctx.secrets.seal(secret), updatedAt: new Date() })
    .where(eq(webhooks.id, row.id));
  return { ...(await getWebhook(ctx, uuid)), secret };
}

export async function deleteWebhook(ctx: Pick<Ctx, 'db'>, uuid: string): Promise<Webhook> {
  const row = await findRow(ctx, uuid);
  await ctx.db.delete(webhooks).where(eq(webhooks.id, row.id));
  return present(row);
}

/** The deliveries log of one webhook: every attempt, newest first, in the table toolkit's pages. */
export async function listAttempts(
  ctx: Pick<Ctx, 'db'>,
  uuid: string,
  query: z.output<typeof webhookAttemptListQuerySchema>,
): Promise<{ data: WebhookAttempt[]; meta: ReturnType<typeof listMeta> }> {
  const row = await findRow(ctx, uuid);
  const where = and(
    eq(webhookDeliveries.webhookId, row.id),
    query.filters?.outcome ? eq(webhookAttempts.outcome, query.filters.outcome) : undefined,
  );
  const direction = query.sort?.direction === 'asc' ? webhookAttempts.id : desc(webhookAttempts.id);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        uuid: webhookAttempts.uuid,
        deliveryUuid: webhookDeliveries.uuid,
        event: webhookDeliveries.event,
        objectUuid: webhookDeliveries.objectUuid,
        attempt: webhookAttempts.attempt,
        outcome: webhookAttempts.outcome,
        responseStatus: webhookAttempts.responseStatus,
        durationMs: webhookAttempts.durationMs,
        responseExcerpt: webhookAttempts.responseExcerpt,
        error: webhookAttempts.error,
        attemptedAt: webhookAttempts.attemptedAt,
        deliveryStatus: webhookDeliveries.status,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(where)
      .orderBy(direction)
      .limit(query.page.size)
      .offset(pageOffset(query.page)),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(where),
  ]);
  return {
    data: rows.map((r) => ({
      uuid: r.uuid,
      delivery_uuid: r.deliveryUuid,
      event: r.event as WebhookEvent,
      object_uuid: r.objectUuid,
      attempt: r.attempt,
      outcome: r.outcome,
      response_status: r.responseStatus,
      duration_ms: r.durationMs,
      response_excerpt: r.responseExcerpt,
      error: r.error,
      attempted_at: r.attemptedAt.toISOString(),
      next_attempt_at: r.deliveryStatus === 'pending' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
    })),
    meta: listMeta(count?.total ?? 0, query.page),
  };
}

/**
 * Redeliver: the delivery is due again now, with a fresh day of retries, and queued at once. It is sent as the
 * object is now, read as the owner is now; a paused webhook holds it until it is resumed.
 */
export async function redeliver(ctx: Pick<Ctx, 'db'>, deliveryUuid: string): Promise<number> {
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: sql`now()`,
      retryUntil: sql`now() + make_interval(hours => ${WEBHOOK_RETRY_WINDOW_HOURS})`,
    })
    .where(eq(webhookDeliveries.uuid, deliveryUuid))
    .returning({ id: webhookDeliveries.id });
  if (!row) {
    throw notFound();
  }
  return row.id;
}
