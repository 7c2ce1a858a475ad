import {
  type Answers,
  answersSchema,
  FORM_HONEYPOT_FIELD,
  FORM_LIMITS,
  flattenQuestions,
  isAnswerable,
  MESSAGES,
  type PublicAnswerInput,
  type PublicDraftInput,
  type PublicForm,
  type PublicUploadInput,
} from '@portal/domain';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { formDrafts, formLinkUploads, uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import { hashToken } from '../auth/tokens';
import { attachUploads } from '../uploads/attach-uploads';
import { createUpload } from '../uploads/create-upload';
import { checkValues, fileValues, insertAnswer } from './answer-commands';
import { type OpenLink, openLink } from './share-links';

type Caller = { ip: string };

const callsRule = (ctx: AppContext, caller: Caller) => ({
  key: `forms:calls:ip:${addressBucket(caller.ip)}`,
  rule: { limit: ctx.config.formLimits.publicCallsPerIpMinute, windowSeconds: 60 },
});
const answersRule = (ctx: AppContext, caller: Caller) => ({
  key: `forms:answers:ip:${addressBucket(caller.ip)}`,
  rule: { limit: ctx.config.formLimits.answersPerIpHour, windowSeconds: 3600 },
});

/** Every public call counts against the caller's address, so one address cannot walk tokens or flood drafts. */
async function limitCalls(ctx: AppContext, caller: Caller) {
  await ctx.limiter.hit([callsRule(ctx, caller)]);
}

/** Drafts are keyed by link and the device's key; the key is a bearer of the draft, so only its hash is stored. */
const deviceHash = (deviceKey: string) => hashToken(`form-draft:${deviceKey}`);

/** GET public/forms/{token}: the form's latest version, and this device's partial answer when it sent its key. */
export async function getPublicForm(ctx: AppContext, token: string, deviceKey: string | undefined, caller: Caller) {
  await limitCalls(ctx, caller);
  const link = await openLink(ctx.db, token);
  const { version } = link;
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
  const { version } = link;
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
  // The address first (its calls and its answers in one statement, before the token is even looked up, so guessing
  // tokens spends the address's budget), then the link: attempts one address is refused do not use up the link's
  // budget, so one flooding address cannot close a link for everybody else.
  await ctx.limiter.hit([callsRule(ctx, caller), answersRule(ctx, caller)]);
  const link = await openLink(ctx.db, token);
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
  const { version } = link;
  const values = checkValues(version.questions, input.values, ctx.config.agencyTimeZone);
  const files = fileValues(version.questions, values);
  if (files.length && !input.device_key) {
    throw validationError(Object.fromEntries(files.map((f) => [`values.${f.name}`, [MESSAGES.unknownReference]])));
  }
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const answer = await insertAnswer(
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
    for (const file of files) {
      await holdLinkFiles(tx, ctx, link, input.device_key ?? '', file, answer.id);
    }
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

/**
 * The files of one upload question, held by the answer: only files this link's page uploaded from the same device
 * (form_link_uploads), each once; anything else reads as an unknown reference, as someone else's file would.
 */
async function holdLinkFiles(
  tx: DbExecutor,
  ctx: AppContext,
  link: OpenLink,
  deviceKey: string,
  file: { name: string; uuids: string[] },
  answerId: number,
) {
  const field = `values.${file.name}`;
  if (file.uuids.length > FORM_LIMITS.filesPerQuestion) {
    throw validationError({ [field]: [MESSAGES.tooManyFiles(FORM_LIMITS.filesPerQuestion)] });
  }
  const own = await tx
    .select({ uuid: uploads.uuid })
    .from(formLinkUploads)
    .innerJoin(uploads, eq(uploads.id, formLinkUploads.uploadId))
    .where(
      and(
        eq(formLinkUploads.shareLinkId, link.linkId),
        eq(formLinkUploads.deviceKeyHash, deviceHash(deviceKey)),
        inArray(uploads.uuid, file.uuids),
      ),
    );
  if (own.length !== file.uuids.length) {
    throw validationError({ [field]: [MESSAGES.unknownReference] });
  }
  await attachUploads(tx, {
    storage: ctx.storage,
    uploadUuids: file.uuids,
    holder: { type: 'form_answer', id: answerId },
    actor: { userId: null },
    field,
  });
}

/**
 * POST public/forms/{token}/uploads: the signed-in app's pre-signed flow for a visitor, under the link's limits (a
 * smaller file cap, a number of files per device, uploads per address). The file belongs to nobody until an answer
 * of this link and device holds it; unheld, the cleanup job removes it after 24 h.
 */
export async function createPublicUpload(ctx: AppContext, token: string, input: PublicUploadInput, caller: Caller) {
  await limitCalls(ctx, caller);
  const link = await openLink(ctx.db, token);
  await ctx.limiter.hit([
    {
      key: `forms:uploads:ip:${addressBucket(caller.ip)}`,
      rule: { limit: ctx.config.formLimits.uploadsPerIpHour, windowSeconds: 3600 },
    },
  ]);
  const device = deviceHash(input.device_key);
  const [sent] = await ctx.db
    .select({ n: count() })
    .from(formLinkUploads)
    .where(and(eq(formLinkUploads.shareLinkId, link.linkId), eq(formLinkUploads.deviceKeyHash, device)));
  if ((sent?.n ?? 0) >= FORM_LIMITS.publicFilesPerDevice) {
    throw validationError({ size: [MESSAGES.tooManyFiles(FORM_LIMITS.publicFilesPerDevice)] });
  }
  const { id, ...presigned } = await createUpload(
    ctx,
    { name: input.name, size: input.size, extension: input.extension, type: 'attachment' },
    null,
    FORM_LIMITS.publicFileBytes,
  );
  await ctx.db.insert(formLinkUploads).values({ uploadId: id, shareLinkId: link.linkId, deviceKeyHash: device });
  return presigned;
}
