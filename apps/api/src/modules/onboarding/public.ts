import {
  MESSAGES,
  ONBOARDING_LIMITS,
  type PublicOnboarding,
  type PublicOnboardingItem,
  type PublicOnboardingItemUpdateInput,
  type PublicOnboardingUploadInput,
} from '@portal/domain';
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import {
  onboardingItems,
  onboardingLinks,
  onboardingLinkUploads,
  onboardingStepStates,
  onboardings,
  uploads,
} from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { AppError, notFound, validationError } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import { hashToken } from '../auth/tokens';
import { shareLinkUrl } from '../forms/share-links';
import { notificationDelivery } from '../notifications/deliver';
import { createUpload } from '../uploads/create-upload';
import { signedUrlFor } from '../uploads/serve-upload';
import { writeItemValue } from './commands';
import { loadSettings, loadSteps } from './process';
import { WELCOME_HOLDER } from './settings';
import { ensureInformationLink } from './start';
import { addHistory, CLIENT, refreshOnboarding, stepApplies } from './state';

type Caller = { ip: string };
/** What one page link may write in an hour: far above a person handing things in, far below a script. */
const WRITES_PER_LINK_HOUR = 300;
/** Files one onboarding's page may upload. */
const FILES_PER_ONBOARDING = 200;

/** Every public call counts against the caller's address (the forms' budget), so tokens cannot be walked. */
async function limitCalls(ctx: AppContext, caller: Caller) {
  await ctx.limiter.hit([
    {
      key: `onboarding:calls:ip:${addressBucket(caller.ip)}`,
      rule: { limit: ctx.config.formLimits.publicCallsPerIpMinute, windowSeconds: 60 },
    },
  ]);
}

type OpenOnboarding = typeof onboardings.$inferSelect & { customerName: string; customerUuid: string };

/**
 * The onboarding behind a page token. Unknown: 404, saying nothing of any other client; a link replaced by a newer
 * one, or an onboarding that is complete: 410 with the reason. Everything the page reads or writes is scoped to it.
 */
export async function openOnboardingLink(db: DbExecutor, token: string): Promise<OpenOnboarding> {
  const [row] = await db
    .select({ link: onboardingLinks.revokedAt, onboardingId: onboardingLinks.onboardingId })
    .from(onboardingLinks)
    .where(eq(onboardingLinks.tokenHash, hashToken(token)));
  if (!row) {
    throw new AppError(404, MESSAGES.onboardingLinkNotFound, { code: 'link_not_found' });
  }
  if (row.link) {
    throw new AppError(410, MESSAGES.onboardingLinkRevoked, { code: 'link_revoked' });
  }
  const found = await db.execute<{ customer_name: string; customer_uuid: string }>(
    sql`select c.business_name as customer_name, c.uuid::text as customer_uuid
      from onboardings o join customers c on c.id = o.customer_id where o.id = ${row.onboardingId}`,
  );
  const [onboarding] = await db.select().from(onboardings).where(eq(onboardings.id, row.onboardingId));
  const customer = found.rows[0];
  if (!onboarding || !customer) {
    throw new AppError(404, MESSAGES.onboardingLinkNotFound, { code: 'link_not_found' });
  }
  if (onboarding.status === 'done') {
    throw new AppError(410, MESSAGES.onboardingDone, { code: 'onboarding_done' });
  }
  return { ...onboarding, customerName: customer.customer_name, customerUuid: customer.customer_uuid };
}

async function publicItems(db: DbExecutor, onboardingId: number): Promise<PublicOnboardingItem[]> {
  const items = await db
    .select()
    .from(onboardingItems)
    .where(eq(onboardingItems.onboardingId, onboardingId))
    .orderBy(asc(onboardingItems.position), asc(onboardingItems.id));
  const files = items.length
    ? await db
        .select({
          holderId: uploads.holderId,
          uuid: uploads.uuid,
          name: uploads.name,
          size: uploads.size,
          extension: uploads.extension,
        })
        .from(uploads)
        .where(
          and(
            eq(uploads.holderType, 'onboarding_item'),
            inArray(
              uploads.holderId,
              items.map((i) => i.id),
            ),
          ),
        )
        .orderBy(asc(uploads.id))
    : [];
  return items.map((item) => {
    const own = files.filter((f) => f.holderId === item.id).map(({ holderId: _, ...f }) => f);
    return {
      uuid: item.uuid,
      inclusion: item.inclusion as PublicOnboardingItem['inclusion'],
      name: item.name,
      kind: item.kind as PublicOnboardingItem['kind'],
      instructions: item.instructions,
      link_url: item.linkUrl,
      status: item.status as PublicOnboardingItem['status'],
      value: item.kind === 'text' ? item.textValue : null,
      has_value:
        item.kind === 'credential'
          ? item.secretValue !== null
          : item.kind === 'text'
            ? Boolean(item.textValue)
            : own.length > 0,
      files: own,
    };
  });
}

/** GET public/onboarding/{token}: the client's page — welcome kit, steps, information form, items, progress. */
export async function getPublicOnboarding(ctx: AppContext, token: string, caller: Caller): Promise<PublicOnboarding> {
  await limitCalls(ctx, caller);
  let onboarding = await openOnboardingLink(ctx.db, token);
  if (!onboarding.informationLinkToken) {
    // The information form may have been chosen after this onboarding started.
    await ctx.db.transaction((tx) =>
      ensureInformationLink(
        tx,
        { secrets: ctx.secrets, appUrl: ctx.config.appUrl },
        {
          id: onboarding.id,
          customerUuid: onboarding.customerUuid,
          informationLinkId: onboarding.informationLinkId,
        },
      ),
    );
    onboarding = await openOnboardingLink(ctx.db, token);
  }
  const inclusions = onboarding.inclusions;
  const [settings, steps, states, items] = await Promise.all([
    loadSettings(ctx.db),
    loadSteps(ctx.db),
    ctx.db
      .select({ key: onboardingStepStates.stepKey, doneAt: onboardingStepStates.doneAt })
      .from(onboardingStepStates)
      .where(eq(onboardingStepStates.onboardingId, onboarding.id)),
    publicItems(ctx.db, onboarding.id),
  ]);
  const done = new Set(states.filter((s) => s.doneAt).map((s) => s.key));
  const facts = { inclusions, itemCount: items.length, hasInformationForm: settings?.informationFormId != null };
  let welcome: PublicOnboarding['welcome'] = null;
  if (inclusions.welcome_kit) {
    const rows = await ctx.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.holderType, WELCOME_HOLDER.type), eq(uploads.holderId, WELCOME_HOLDER.id)))
      .orderBy(asc(uploads.id));
    welcome = {
      body_delta: settings?.welcomeBodyDelta ?? null,
      files: await Promise.all(
        rows.map(async (row) => ({
          name: row.name,
          size: row.size,
          extension: row.extension,
          url: await signedUrlFor(ctx, row, 'original', true),
        })),
      ),
    };
  }
  let informationForm: PublicOnboarding['information_form'] = null;
  if (onboarding.informationLinkToken && onboarding.informationLinkId) {
    const formToken = await ctx.secrets.open(onboarding.informationLinkToken);
    const formFacts = await ctx.db.execute<{ name: string; answered: boolean }>(
      sql`select f.name, exists (select 1 from form_answers a where a.form_id = f.id
        and a.customer_id = ${onboarding.customerId}) as answered
        from form_share_links l join forms f on f.id = l.form_id where l.id = ${onboarding.informationLinkId}`,
    );
    const form = formFacts.rows[0];
    if (form) {
      informationForm = {
        name: form.name,
        url: shareLinkUrl(ctx.config.appUrl, formToken),
        token: formToken,
        answered: form.answered,
      };
    }
  }
  return {
    customer_name: onboarding.customerName,
    status: onboarding.status as PublicOnboarding['status'],
    progress: onboarding.progress,
    welcome,
    schedule_call_link: inclusions.schedule_call_link ? (settings?.scheduleCallLink ?? null) : null,
    steps: steps
      .filter((s) => stepApplies(s, facts))
      .map((s) => ({ key: s.key, name: s.name, done: done.has(s.key), current: s.key === onboarding.currentStepKey })),
    information_form: informationForm,
    items,
  };
}

async function limitWrites(ctx: AppContext, onboardingId: number) {
  await ctx.limiter.hit([
    { key: `onboarding:writes:${onboardingId}`, rule: { limit: WRITES_PER_LINK_HOUR, windowSeconds: 3600 } },
  ]);
}

/**
 * PUT public/onboarding/{token}/items/{uuid}: the client hands an item in; it becomes submitted for staff to check.
 * An item of another onboarding is 404 (never told apart from one that does not exist), and files must be ones this
 * page uploaded.
 */
export async function submitPublicItem(
  ctx: AppContext,
  token: string,
  itemUuid: string,
  input: PublicOnboardingItemUpdateInput,
  caller: Caller,
  log: Parameters<typeof notificationDelivery>[1],
) {
  await limitCalls(ctx, caller);
  const onboarding = await openOnboardingLink(ctx.db, token);
  await limitWrites(ctx, onboarding.id);
  if (input.value === undefined && input.confirmed === undefined && input.upload_uuids === undefined) {
    throw validationError({ value: [MESSAGES.onboardingItemEmpty] });
  }
  const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [item] = await tx
      .select()
      .from(onboardingItems)
      .where(and(eq(onboardingItems.uuid, itemUuid), eq(onboardingItems.onboardingId, onboarding.id)))
      .for('update');
    if (!item) {
      throw notFound();
    }
    if (item.kind === 'link_confirmation' && input.confirmed !== true) {
      throw validationError({ confirmed: [MESSAGES.onboardingItemEmpty] });
    }
    if (input.upload_uuids?.length) {
      const own = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .leftJoin(onboardingLinkUploads, eq(onboardingLinkUploads.uploadId, uploads.id))
        .where(
          and(
            inArray(uploads.uuid, input.upload_uuids),
            or(
              eq(onboardingLinkUploads.onboardingId, onboarding.id),
              and(eq(uploads.holderType, 'onboarding_item'), eq(uploads.holderId, item.id)),
            ),
          ),
        );
      if (own.length !== new Set(input.upload_uuids).size) {
        throw validationError({ upload_uuids: [MESSAGES.unknownReference] });
      }
    }
    await writeItemValue(tx, ctx, item, input, { userId: null });
    await tx
      .update(onboardingItems)
      .set({ status: 'submitted', updatedAt: new Date() })
      .where(eq(onboardingItems.id, item.id));
    await addHistory(tx, onboarding.id, 'item_submitted', item.name, CLIENT);
    return refreshOnboarding(tx, onboarding.id, CLIENT, emit);
  });
  await notificationDelivery(ctx, log)(outgoing);
  const items = await publicItems(ctx.db, onboarding.id);
  const item = items.find((i) => i.uuid === itemUuid);
  const [fresh] = await ctx.db
    .select({ progress: onboardings.progress })
    .from(onboardings)
    .where(eq(onboardings.id, onboarding.id));
  if (!item) {
    throw notFound();
  }
  return { item, progress: fresh?.progress ?? 0 };
}

/**
 * POST public/onboarding/{token}/uploads: the signed-in app's pre-signed flow for the client's page, under the page's
 * limits (a smaller file cap, files per onboarding, uploads per address). The file is nobody's until an item of this
 * onboarding holds it; unheld, the cleanup job removes it after 24 h.
 */
export async function createPublicOnboardingUpload(
  ctx: AppContext,
  token: string,
  input: PublicOnboardingUploadInput,
  caller: Caller,
) {
  await limitCalls(ctx, caller);
  const onboarding = await openOnboardingLink(ctx.db, token);
  await ctx.limiter.hit([
    {
      key: `onboarding:uploads:ip:${addressBucket(caller.ip)}`,
      rule: { limit: ctx.config.formLimits.uploadsPerIpHour, windowSeconds: 3600 },
    },
  ]);
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(onboardingLinkUploads)
    .where(eq(onboardingLinkUploads.onboardingId, onboarding.id));
  if ((sent?.n ?? 0) >= FILES_PER_ONBOARDING) {
    throw validationError({ size: [MESSAGES.tooManyFiles(FILES_PER_ONBOARDING)] });
  }
  const { id, ...presigned } = await createUpload(
    ctx,
    { name: input.name, size: input.size, extension: input.extension, type: 'attachment' },
    null,
    ONBOARDING_LIMITS.publicFileBytes,
  );
  await ctx.db.insert(onboardingLinkUploads).values({ uploadId: id, onboardingId: onboarding.id });
  return presigned;
}
