import {
  INVITE_INCLUSIONS,
  MESSAGES,
  ONBOARDING_SERVICE_INCLUSIONS,
  type OnboardingInclusions,
  onboardingPageUrl,
} from '@portal/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { forms, onboardingItems, onboardingLinks, onboardingRequirements, onboardings } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import type { SecretBox } from '../../secret-box';
import { generateToken, hashToken } from '../auth/tokens';
import { createShareLink } from '../forms/share-links';
import type { Outgoing } from '../notifications/notify';
import { loadSettings } from './process';
import { addHistory, type OnboardingActor, refreshOnboarding, SYSTEM, setStepDone } from './state';

export type StartDeps = { secrets: SecretBox; appUrl: string };

export const NO_INCLUSIONS = Object.fromEntries(INVITE_INCLUSIONS.map((k) => [k, false])) as OnboardingInclusions;

/** Copies the requirements of the inclusions that are on, skipping those the onboarding already has. */
async function addItems(tx: DbExecutor, onboardingId: number, inclusions: OnboardingInclusions) {
  const on = ONBOARDING_SERVICE_INCLUSIONS.filter((k) => inclusions[k]);
  if (on.length === 0) {
    return 0;
  }
  const settings = await loadSettings(tx);
  const requirements = await tx
    .select()
    .from(onboardingRequirements)
    .where(inArray(onboardingRequirements.inclusion, on))
    .orderBy(
      asc(onboardingRequirements.inclusion),
      asc(onboardingRequirements.position),
      asc(onboardingRequirements.id),
    );
  // A Leadsie link is read from the welcome kit when the item is made: the item keeps the address it was given.
  const urlOf = (link: string | null, own: string | null) =>
    link === 'leadsie_social_link'
      ? (settings?.leadsieSocialLink ?? null)
      : link === 'leadsie_manage_link'
        ? (settings?.leadsieManageLink ?? null)
        : own;
  if (requirements.length === 0) {
    return 0;
  }
  const added = await tx
    .insert(onboardingItems)
    .values(
      requirements.map((r, index) => ({
        onboardingId,
        requirementId: r.id,
        inclusion: r.inclusion,
        name: r.name,
        kind: r.kind,
        instructions: r.instructions,
        linkUrl: urlOf(r.link, r.linkUrl),
        position: ONBOARDING_SERVICE_INCLUSIONS.indexOf(r.inclusion as never) * 1000 + index,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: onboardingItems.id });
  return added.length;
}

/** The page's current link, as a plain token (opened from its sealed copy), or a new one when it has none. */
async function currentToken(tx: DbExecutor, deps: StartDeps, onboardingId: number): Promise<string> {
  const [link] = await tx
    .select({ sealed: onboardingLinks.sealedToken })
    .from(onboardingLinks)
    .where(and(eq(onboardingLinks.onboardingId, onboardingId), isNull(onboardingLinks.revokedAt)))
    .orderBy(sql`${onboardingLinks.id} desc`)
    .limit(1);
  if (link) {
    return deps.secrets.open(link.sealed);
  }
  const token = generateToken();
  await tx
    .insert(onboardingLinks)
    .values({ onboardingId, tokenHash: hashToken(token), sealedToken: await deps.secrets.seal(token) });
  return token;
}

/**
 * The information form's share link for this client, made through the forms module when the setting names a
 * public, published form (its own rules; otherwise the client's page simply has no form yet). Its token is kept
 * sealed, since the page shows it each time. A changed setting makes a new link on the next call.
 */
export async function ensureInformationLink(
  tx: DbExecutor,
  deps: StartDeps,
  onboarding: { id: number; customerUuid: string; informationLinkId: number | null },
): Promise<void> {
  const settings = await loadSettings(tx);
  if (!settings?.informationFormId) {
    return;
  }
  const current = onboarding.informationLinkId
    ? (
        await tx.execute<{ form_id: number; revoked: boolean }>(
          sql`select form_id, revoked_at is not null as revoked from form_share_links where id = ${onboarding.informationLinkId}`,
        )
      ).rows[0]
    : undefined;
  if (current && current.form_id === settings.informationFormId && !current.revoked) {
    return;
  }
  const [form] = await tx.select({ uuid: forms.uuid }).from(forms).where(eq(forms.id, settings.informationFormId));
  if (!form) {
    return;
  }
  try {
    const link = await createShareLink(tx, form.uuid, { customer_uuid: onboarding.customerUuid }, null, deps.appUrl);
    const [row] = await tx
      .execute<{ id: number }>(sql`select id from form_share_links where uuid = ${link.uuid}`)
      .then((r) => r.rows);
    await tx
      .update(onboardings)
      .set({ informationLinkId: row?.id ?? null, informationLinkToken: await deps.secrets.seal(link.token) })
      .where(eq(onboardings.id, onboarding.id));
  } catch (error) {
    // A private, draft or archived form cannot be shared: the step waits for staff (GET onboarding/information).
    if (!(error instanceof AppError) || error.statusCode >= 500) {
      throw error;
    }
  }
}

/** A client who answered the information form before their onboarding started has done that step already. */
async function tickAnsweredInformation(tx: DbExecutor, onboardingId: number, customerId: number) {
  const [answered] = (
    await tx.execute<{ name: string }>(sql`
      select st.name from onboarding_settings s
      join onboarding_steps st on st.key = 'information_form'
      where s.id = 1 and exists (select 1 from form_answers a
        where a.form_id = s.information_form_id and a.customer_id = ${customerId})`)
  ).rows;
  if (answered) {
    await setStepDone(tx, onboardingId, 'information_form', true, SYSTEM, answered.name);
  }
}

export type StartInput = {
  customerId: number;
  inclusions: Partial<OnboardingInclusions>;
  inviteId?: number | null;
  ownerId?: number | null;
  actor: OnboardingActor;
  /** From POST customers/{uuid}/onboarding: a completed onboarding is a 422 there, and silently left as is by invites. */
  strict?: boolean;
};

export type Started = { id: number; uuid: string; token: string; url: string; outgoing: Outgoing } | null;

/**
 * Starts a client's onboarding, or, when one is open, adds the inclusions now on (and their items) to it. One
 * onboarding per client: a completed one stays completed. Answers the page's link (the same link each time, so
 * an earlier e-mail keeps working) and what to deliver.
 */
export async function startOnboarding(
  tx: DbExecutor,
  deps: StartDeps,
  input: StartInput,
  emit: Emit,
): Promise<Started> {
  const [customer] = await tx
    .execute<{ uuid: string }>(sql`select uuid::text from customers where id = ${input.customerId}`)
    .then((r) => r.rows);
  if (!customer) {
    throw new Error('customer not found');
  }
  const wanted = { ...NO_INCLUSIONS };
  for (const key of INVITE_INCLUSIONS) {
    wanted[key] = input.inclusions[key] === true;
  }
  const [existing] = await tx
    .select()
    .from(onboardings)
    .where(eq(onboardings.customerId, input.customerId))
    .for('update');
  let row = existing;
  if (existing?.status === 'done') {
    if (input.strict) {
      throw new AppError(422, MESSAGES.onboardingAlreadyDone, { code: 'onboarding_done' });
    }
    return null;
  }
  if (existing) {
    const merged = { ...NO_INCLUSIONS };
    for (const key of INVITE_INCLUSIONS) {
      merged[key] = existing.inclusions[key] === true || wanted[key];
    }
    [row] = await tx
      .update(onboardings)
      .set({
        inclusions: merged,
        inviteId: input.inviteId ?? existing.inviteId,
        ownerId: existing.ownerId ?? input.ownerId ?? null,
      })
      .where(eq(onboardings.id, existing.id))
      .returning();
  } else {
    [row] = await tx
      .insert(onboardings)
      .values({
        customerId: input.customerId,
        inviteId: input.inviteId ?? null,
        inclusions: wanted,
        ownerId: input.ownerId ?? null,
      })
      .onConflictDoNothing({ target: onboardings.customerId })
      .returning();
    if (!row) {
      // Another start for this client committed first (two invites at once): add to that one instead.
      return startOnboarding(tx, deps, input, emit);
    }
    await addHistory(tx, row.id, 'started', null, input.actor);
  }
  if (!row) {
    throw new Error('onboarding not saved');
  }
  await addItems(tx, row.id, row.inclusions);
  await ensureInformationLink(tx, deps, {
    id: row.id,
    customerUuid: customer.uuid,
    informationLinkId: row.informationLinkId,
  });
  await tickAnsweredInformation(tx, row.id, input.customerId);
  const token = await currentToken(tx, deps, row.id);
  const outgoing = await refreshOnboarding(tx, row.id, input.actor, emit);
  return { id: row.id, uuid: row.uuid, token, url: onboardingPageUrl(deps.appUrl, token), outgoing };
}
