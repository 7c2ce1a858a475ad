import {
  MESSAGES,
  type OnboardingItemUpdateInput,
  type OnboardingStarted,
  type OnboardingStartInput,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { customers, onboardingItems, onboardings, users } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { AppError, notFound, validationError } from '../../http/errors';
import { notificationDelivery } from '../notifications/deliver';
import { mergeOutgoing, NO_OUTGOING, type Outgoing } from '../notifications/notify';
import { attachUploads } from '../uploads/attach-uploads';
import { loadSteps } from './process';
import { findOnboardingRow, loadOnboardingDetail } from './queries';
import { startOnboarding } from './start';
import { addHistory, type OnboardingActor, refreshOnboarding, SYSTEM, setStepDone } from './state';

type Ctx = Pick<AppContext, 'db' | 'events' | 'secrets' | 'config' | 'mailer' | 'sessions' | 'storage'>;
const deps = (ctx: Ctx) => ({ secrets: ctx.secrets, appUrl: ctx.config.appUrl });

const deliver = (ctx: Ctx, log: FastifyBaseLogger, outgoing: Outgoing) =>
  outgoing === NO_OUTGOING ? Promise.resolve() : notificationDelivery(ctx, log)(outgoing);

/** POST customers/{uuid}/onboarding: starts (or adds to) the client's onboarding without an invite. */
export async function startForCustomer(
  ctx: Ctx,
  customerUuid: string,
  input: OnboardingStartInput,
  actorId: number,
  log: FastifyBaseLogger,
): Promise<OnboardingStarted> {
  const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.uuid, customerUuid));
  if (!customer) {
    throw notFound();
  }
  let ownerId = actorId;
  if (input.owner_uuid) {
    const [owner] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(sql`contacts c`, sql`c.user_id = ${users.id} and c.type = 'regular_user'`)
      .where(eq(users.uuid, input.owner_uuid));
    if (!owner) {
      throw validationError({ owner_uuid: [MESSAGES.unknownReference] });
    }
    ownerId = owner.id;
  }
  const started = await inTransaction(ctx.db, ctx.events, (tx, emit) =>
    startOnboarding(
      tx,
      deps(ctx),
      {
        customerId: customer.id,
        inclusions: input.inclusions ?? {},
        ownerId,
        actor: { userId: actorId, byClient: false },
        strict: true,
      },
      emit,
    ),
  );
  if (!started) {
    throw new AppError(422, MESSAGES.onboardingAlreadyDone, { code: 'onboarding_done' });
  }
  await deliver(ctx, log, started.outgoing);
  return { ...(await loadOnboardingDetail(ctx.db, started.uuid)), url: started.url };
}

async function lockItem(tx: DbExecutor, onboardingId: number, itemUuid: string) {
  const [item] = await tx
    .select()
    .from(onboardingItems)
    .where(and(eq(onboardingItems.uuid, itemUuid), eq(onboardingItems.onboardingId, onboardingId)))
    .for('update');
  if (!item) {
    throw notFound();
  }
  return item;
}

const STATUS_ACTION = { todo: 'item_reopened', submitted: 'item_submitted', done: 'item_done' } as const;

/**
 * Writes an item's value by its kind: text keeps its text, a credential is sealed (never stored plain), a file
 * item holds uploads. Anything else is a 422 on the field that sent it. Answers whether the value changed.
 */
export async function writeItemValue(
  tx: DbExecutor,
  ctx: Pick<Ctx, 'secrets'> & Partial<Pick<Ctx, 'storage'>>,
  item: typeof onboardingItems.$inferSelect,
  input: { value?: string | null; upload_uuids?: string[]; confirmed?: boolean },
  uploader: { userId: number | null },
): Promise<boolean> {
  let changed = false;
  if (input.value !== undefined) {
    const text = input.value?.trim() ? input.value : null;
    if (item.kind === 'text') {
      await tx.update(onboardingItems).set({ textValue: text }).where(eq(onboardingItems.id, item.id));
    } else if (item.kind === 'credential') {
      const sealed = text === null ? null : await ctx.secrets.seal(text);
      await tx.update(onboardingItems).set({ secretValue: sealed }).where(eq(onboardingItems.id, item.id));
    } else {
      throw validationError({ value: [MESSAGES.onboardingItemValueKind] });
    }
    changed = true;
  }
  if (input.upload_uuids !== undefined) {
    if (item.kind !== 'file') {
      throw validationError({ upload_uuids: [MESSAGES.onboardingItemValueKind] });
    }
    if (!ctx.storage) {
      throw new Error('files need the file storage');
    }
    await attachUploads(tx, {
      storage: ctx.storage,
      uploadUuids: input.upload_uuids,
      holder: { type: 'onboarding_item', id: item.id },
      actor: uploader,
      field: 'upload_uuids',
      mode: 'replace',
    });
    changed = true;
  }
  if (input.confirmed !== undefined && item.kind !== 'link_confirmation') {
    throw validationError({ confirmed: [MESSAGES.onboardingItemValueKind] });
  }
  return changed;
}

/** An item's new status and value inside the caller's transaction, with its history row (staff or the seed). */
export async function writeItem(
  tx: DbExecutor,
  ctx: Pick<Ctx, 'secrets'> & Partial<Pick<Ctx, 'storage'>>,
  onboardingId: number,
  item: typeof onboardingItems.$inferSelect,
  input: OnboardingItemUpdateInput,
  actor: OnboardingActor,
) {
  const valueChanged = await writeItemValue(tx, ctx, item, input, { userId: actor.userId });
  await tx
    .update(onboardingItems)
    .set({ status: input.status, updatedAt: new Date() })
    .where(eq(onboardingItems.id, item.id));
  if (input.status !== item.status) {
    await addHistory(tx, onboardingId, STATUS_ACTION[input.status], item.name, actor);
  } else if (valueChanged) {
    await addHistory(tx, onboardingId, 'item_changed', item.name, actor);
  }
}

/** PUT onboardings/{uuid}/items/{uuid} (staff): status and, by kind, a value or files. */
export async function updateItem(
  ctx: Ctx,
  uuid: string,
  itemUuid: string,
  input: OnboardingItemUpdateInput,
  actorId: number,
  log: FastifyBaseLogger,
) {
  const actor: OnboardingActor = { userId: actorId, byClient: false };
  const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const onboarding = await findOnboardingRow(tx, uuid);
    const item = await lockItem(tx, onboarding.id, itemUuid);
    await writeItem(tx, ctx, onboarding.id, item, input, actor);
    return refreshOnboarding(tx, onboarding.id, actor, emit);
  });
  await deliver(ctx, log, outgoing);
  const detail = await loadOnboardingDetail(ctx.db, uuid);
  const item = detail.items.find((i) => i.uuid === itemUuid);
  if (!item) {
    throw notFound();
  }
  return item;
}

/**
 * PUT onboardings/{uuid}/steps/{key} {done}: ticks or unticks a step by hand. Ticking `done` closes the onboarding;
 * unticking any step of a closed one reopens it.
 */
export async function setStep(
  ctx: Ctx,
  uuid: string,
  key: string,
  done: boolean,
  actorId: number,
  log: FastifyBaseLogger,
) {
  const actor: OnboardingActor = { userId: actorId, byClient: false };
  const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const onboarding = await findOnboardingRow(tx, uuid);
    await tx.select({ id: onboardings.id }).from(onboardings).where(eq(onboardings.id, onboarding.id)).for('update');
    const step = (await loadSteps(tx)).find((s) => s.key === key);
    if (!step) {
      throw notFound(MESSAGES.onboardingStepUnknown);
    }
    if (step.inclusion && !onboarding.inclusions[step.inclusion as keyof typeof onboarding.inclusions]) {
      throw validationError({ key: [MESSAGES.onboardingStepNotApplicable] });
    }
    await setStepDone(tx, onboarding.id, key, done, actor, step.name);
    if (!done && key !== 'done') {
      await setStepDone(tx, onboarding.id, 'done', false, actor, 'Done');
    }
    return refreshOnboarding(tx, onboarding.id, actor, emit);
  });
  await deliver(ctx, log, outgoing);
  return loadOnboardingDetail(ctx.db, uuid);
}

/**
 * POST onboardings/{uuid}/items/{uuid}/reveal: a credential's plain value for a staff member who may update
 * onboardings. Each reveal is in the onboarding's history and, through the committed event, in the activity log.
 */
export async function revealCredential(ctx: Ctx, uuid: string, itemUuid: string, actorId: number) {
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const onboarding = await findOnboardingRow(tx, uuid);
    const item = await lockItem(tx, onboarding.id, itemUuid);
    if (item.kind !== 'credential') {
      throw validationError({ item_uuid: [MESSAGES.onboardingItemValueKind] });
    }
    await addHistory(tx, onboarding.id, 'credential_revealed', item.name, { userId: actorId, byClient: false });
    const [customer] = await tx
      .select({ name: customers.businessName })
      .from(customers)
      .where(eq(customers.id, onboarding.customerId));
    emit({
      model: 'onboarding',
      action: 'reveal',
      id: onboarding.uuid,
      actorId,
      payload: { name: `${customer?.name ?? ''}: ${item.name}`, fields: ['credential'] },
    });
    return { value: item.secretValue ? await ctx.secrets.open(item.secretValue) : null };
  });
}

/**
 * The orders module's hook (wired at merge): the client's order was confirmed, so the `order_confirmed` step of an
 * open onboarding ticks itself. Answers whether there was one to tick.
 */
export async function markOrderConfirmed(ctx: Ctx, customerId: number, log: FastifyBaseLogger): Promise<boolean> {
  const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [onboarding] = await tx
      .select({ id: onboardings.id })
      .from(onboardings)
      .where(and(eq(onboardings.customerId, customerId), eq(onboardings.status, 'open')))
      .for('update');
    const step = (await loadSteps(tx)).find((s) => s.key === 'order_confirmed');
    if (!onboarding || !step) {
      return null;
    }
    await setStepDone(tx, onboarding.id, 'order_confirmed', true, SYSTEM, step.name);
    return refreshOnboarding(tx, onboarding.id, SYSTEM, emit);
  });
  if (outgoing) {
    await deliver(ctx, log, outgoing);
  }
  return outgoing !== null;
}

/** The merged deliveries of many refreshes (the daily job). */
export const mergeAll = (parts: Outgoing[]) => (parts.length ? mergeOutgoing(...parts) : NO_OUTGOING);
