import {
  type Answers,
  answersSchema,
  FORM_HONEYPOT_FIELD,
  flattenQuestions,
  isAnswerable,
  MESSAGES,
  type PublicAnswerInput,
  type PublicDraftInput,
  type PublicForm,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { formDrafts } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import { hashToken } from '../auth/tokens';
import { checkValues, insertAnswer, namesFiles } from './answer-commands';
import { latestVersion } from './form-queries';
import { type OpenLink, openLink } from './share-links';

type Caller = { ip: string };

/** Every public call counts against the caller's address, so one address cannot walk tokens or flood drafts. */
async function limitCalls(ctx: AppContext, caller: Caller) {
  await ctx.limiter.hit([
    {
      key: `forms:calls:ip:${addressBucket(caller.ip)}`,
      rule: { limit: ctx.config.formLimits.publicCallsPerIpMinute, windowSeconds: 60 },
    },
  ]);
}

async function openVersion(ctx: AppContext, link: OpenLink) {
  const version = await latestVersion(ctx.db, link.formId);
  if (!version) {
    // A published form always has a version; a link whose form lost it is as closed as an archived one.
    throw validationError({ token: [MESSAGES.formClosed] });
  }
  return version;
}

/** Drafts are keyed by link and the device's key; the key is a bearer of the draft, so only its hash is stored. */
const deviceHash = (deviceKey: string) => hashToken(`form-draft:${deviceKey}`);

/** GET public/forms/{token}: the form's latest version, and this device's partial answer when it sent its key. */
export async function getPublicForm(ctx: AppContext, token: string, deviceKey: string | undefined, caller: Caller) {
  await limitCalls(ctx, caller);
  const link = await openLink(ctx.db, token);
  const version = await openVersion(ctx, link);
  let draft: PublicForm['draft'] = null;
  if (deviceKey) {
    const [row] = await ctx.db
      .select({ values: formDrafts.values, updatedAt: formDrafts.updatedAt })
      .from(formDrafts)
      .where(and(eq(formDrafts.shareLinkId, link.linkId), eq(formDrafts.deviceKeyHash, deviceHash(deviceKey))));
    const values = answersSchema.safeParse(row?.values);
    if (row && values.success) {
      draft = { values: values.data, saved_at: row.updatedAt.toISOString() };
    }
  }
  return {
    name: link.name,
    description: link.description,
    thank_you_text: link.thankYouText,
    questions: version.questions,
    customer_name: link.customerName,
    expires_at: link.expiresAt?.toISOString() ?? null,
    draft,
  } satisfies PublicForm;
}

/**
 * PUT public/forms/{token}/draft: the partial answer as typed. Not validated as an answer (it is unfinished), but
 * only names of answerable questions are kept, so a draft cannot store what the form does not ask.
 */
export async function savePublicDraft(ctx: AppContext, token: string, input: PublicDraftInput, caller: Caller) {
  await limitCalls(ctx, caller);
  const link = await openLink(ctx.db, token);
  const version = await openVersion(ctx, link);
  const known = new Set(
    flattenQuestions(version.questions)
      .filter(isAnswerable)
      .map((q) => q.name),
  );
  const values: Answers = Object.fromEntries(Object.entries(input.values).filter(([name]) => known.has(name)));
  const now = new Date();
  await ctx.db
    .insert(formDrafts)
    .values({ shareLinkId: link.linkId, deviceKeyHash: deviceHash(input.device_key), values, updatedAt: now })
    .onConflictDoUpdate({
      target: [formDrafts.shareLinkId, formDrafts.deviceKeyHash],
      set: { values, updatedAt: now },
    });
  return { saved_at: now.toISOString() };
}

/**
 * POST public/forms/{token}/answers. Limits per address and per link come first; a filled honeypot gets the
 * ordinary thank-you and nothing is stored (a bot learns nothing to adapt to). The answer is attached to the link's
 * client, if it names one, and this device's draft is dropped with it.
 */
export async function submitPublicAnswer(ctx: AppContext, token: string, input: PublicAnswerInput, caller: Caller) {
  await limitCalls(ctx, caller);
  const link = await openLink(ctx.db, token);
  // The address first, then the link: attempts one address is refused do not use up the link's budget, so one
  // flooding address cannot close a link for everybody else.
  await ctx.limiter.hit([
    {
      key: `forms:answers:ip:${addressBucket(caller.ip)}`,
      rule: { limit: ctx.config.formLimits.answersPerIpHour, windowSeconds: 3600 },
    },
  ]);
  await ctx.limiter.hit([
    {
      key: `forms:answers:link:${link.linkId}`,
      rule: { limit: ctx.config.formLimits.answersPerLinkHour, windowSeconds: 3600 },
    },
  ]);
  const thankYou = { thank_you_text: link.thankYouText };
  if (input[FORM_HONEYPOT_FIELD]?.trim()) {
    return thankYou;
  }
  const version = await openVersion(ctx, link);
  const values = checkValues(version.questions, input.values, ctx.config.agencyTimeZone);
  // Files reach a public answer only through uploads scoped to the link, which do not exist yet: refuse them
  // rather than attach files this caller cannot be shown to own.
  const withFiles = namesFiles(version.questions, values);
  if (withFiles.length) {
    throw validationError(Object.fromEntries(withFiles.map((name) => [`values.${name}`, [MESSAGES.unknownReference]])));
  }
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    await insertAnswer(
      tx,
      {
        formId: link.formId,
        versionId: version.id,
        questions: version.questions,
        values,
        customerId: link.customerId,
        source: 'link',
        submittedById: null,
        shareLinkId: link.linkId,
      },
      emit,
      null,
    );
    if (input.device_key) {
      await tx
        .delete(formDrafts)
        .where(
          and(eq(formDrafts.shareLinkId, link.linkId), eq(formDrafts.deviceKeyHash, deviceHash(input.device_key))),
        );
    }
  });
  return thankYou;
}
