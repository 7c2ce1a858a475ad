import {
  type Answers,
  answerCompletion,
  type FormQuestion,
  flattenQuestions,
  MESSAGES,
  pruneHiddenAnswers,
  validateFormAnswer,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { customers, formAnswers, forms } from '../../db/schema';
import { type Emit, inTransaction } from '../../events/domain-events';
import { AppError, validationError } from '../../http/errors';
import { todayIn } from '../tasks/calendar';
import { attachUploads } from '../uploads/attach-uploads';
import { findFormRow, latestVersion } from './form-queries';

/** The 422 of an answer: one message per question, under `values.<question>`, from the shared engine. */
export function checkValues(questions: FormQuestion[], values: Answers, timeZone: string): Answers {
  const problems = validateFormAnswer(questions, values, todayIn(timeZone));
  const entries = Object.entries(problems);
  if (entries.length) {
    throw validationError(Object.fromEntries(entries.map(([name, message]) => [`values.${name}`, [message]])));
  }
  return pruneHiddenAnswers(questions, values);
}

/** Upload uuids an answer names, per upload question. */
export function fileValues(questions: FormQuestion[], values: Answers): { name: string; uuids: string[] }[] {
  return flattenQuestions(questions)
    .filter((q) => q.type === 'upload')
    .map((q) => ({ name: q.name, uuids: Array.isArray(values[q.name]) ? (values[q.name] as string[]) : [] }))
    .filter((u) => u.uuids.length > 0);
}

type NewAnswer = {
  formId: number;
  versionId: number;
  questions: FormQuestion[];
  values: Answers;
  customerId: number | null;
  source: 'staff' | 'link';
  submittedById: number | null;
  shareLinkId: number | null;
};

/**
 * Stores one checked answer and counts it on its form, in the caller's transaction, and announces it: the
 * 'form_answer' event reaches the notifications listener only after the commit (form-notifications.ts).
 */
export async function insertAnswer(tx: DbExecutor, answer: NewAnswer, emit: Emit, actorId: number | null) {
  const [row] = await tx
    .insert(formAnswers)
    .values({
      formId: answer.formId,
      formVersionId: answer.versionId,
      customerId: answer.customerId,
      values: answer.values,
      completion: answerCompletion(answer.questions, answer.values),
      source: answer.source,
      submittedById: answer.submittedById,
      shareLinkId: answer.shareLinkId,
    })
    .returning({ id: formAnswers.id, uuid: formAnswers.uuid });
  if (!row) {
    throw new Error('answer not stored');
  }
  await tx
    .update(forms)
    .set({ answersCount: sql`${forms.answersCount} + 1` })
    .where(eq(forms.id, answer.formId));
  emit({ model: 'form_answer', action: 'created', id: row.uuid, actorId, payload: { source: answer.source } });
  return row;
}

/** The open form new answers go to: published (not archived) with a frozen version. */
export async function answerableForm(db: DbExecutor, formUuid: string, field = 'form_uuid') {
  const form = await findFormRow(db, formUuid).catch(() => {
    throw validationError({ [field]: [MESSAGES.unknownReference] });
  });
  if (form.status !== 'published') {
    throw new AppError(422, form.status === 'archived' ? MESSAGES.formClosed : MESSAGES.formNotPublished, {
      code: 'form_not_open',
      errors: { [field]: [form.status === 'archived' ? MESSAGES.formClosed : MESSAGES.formNotPublished] },
    });
  }
  const version = await latestVersion(db, form.id);
  if (!version) {
    throw validationError({ [field]: [MESSAGES.formNotPublished] });
  }
  return { form, version };
}

/**
 * POST answers: staff fill the latest version on a client's behalf (/submit). Files of upload questions are the
 * staff member's own uploads, attached to the answer in its transaction.
 */
export async function createStaffAnswer(
  ctx: AppContext,
  input: { form_uuid: string; customer_uuid?: string | null; values: Answers },
  actorId: number,
) {
  const { form, version } = await answerableForm(ctx.db, input.form_uuid);
  let customerId: number | null = null;
  if (input.customer_uuid) {
    const [customer] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.uuid, input.customer_uuid));
    if (!customer) {
      throw validationError({ customer_uuid: [MESSAGES.unknownReference] });
    }
    customerId = customer.id;
  }
  const values = checkValues(version.questions, input.values, ctx.config.agencyTimeZone);
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const row = await insertAnswer(
      tx,
      {
        formId: form.id,
        versionId: version.id,
        questions: version.questions,
        values,
        customerId,
        source: 'staff',
        submittedById: actorId,
        shareLinkId: null,
      },
      emit,
      actorId,
    );
    for (const files of fileValues(version.questions, values)) {
      await attachUploads(tx, {
        storage: ctx.storage,
        uploadUuids: files.uuids,
        holder: { type: 'form_answer', id: row.id },
        actor: { userId: actorId },
        field: `values.${files.name}`,
      });
    }
    return row.uuid;
  });
}
