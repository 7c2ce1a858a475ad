import { flattenQuestions, type formCreateSchema, type formUpdateSchema, isAnswerable, MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { forms, formVersions } from '../../db/schema';
import { AppError, validationError } from '../../http/errors';
import { findBlueprint } from './blueprints';
import { findFormRow, latestVersion, storedQuestions } from './form-queries';

type FormCreate = z.output<typeof formCreateSchema>;
type FormUpdate = z.output<typeof formUpdateSchema>;

const conflict = (message: string, code: string) => new AppError(422, message, { code });

/** POST forms: a draft owned by its creator, from the given questions or a blueprint's. */
export async function createForm(db: Database, input: FormCreate, actorId: number) {
  const found = input.blueprint_key ? await findBlueprint(db, input.blueprint_key) : undefined;
  if (input.blueprint_key && !found) {
    throw validationError({ blueprint_key: [MESSAGES.unknownReference] });
  }
  const [row] = await db
    .insert(forms)
    .values({
      name: input.name,
      description: input.description || null,
      thankYouText: input.thank_you_text || null,
      isPublic: input.is_public ?? true,
      questions: input.questions ?? found?.blueprint.questions ?? [],
      blueprintKey: found?.blueprint.key ?? null,
      requestTypeId: found?.requestTypeId ?? null,
      ownerId: actorId,
    })
    .returning({ uuid: forms.uuid });
  if (!row) {
    throw new Error('form not created');
  }
  return row.uuid;
}

/**
 * PUT forms/{uuid}. Questions edit the working copy only; frozen versions never change. `archived` closes the form
 * to new answers (reopening gives back published when it has a version, else draft).
 */
export async function updateForm(db: Database, uuid: string, input: FormUpdate) {
  await db.transaction(async (tx) => {
    const row = await findFormRow(tx, uuid);
    const changes: Partial<typeof forms.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) {
      changes.name = input.name;
    }
    if (input.description !== undefined) {
      changes.description = input.description || null;
    }
    if (input.thank_you_text !== undefined) {
      changes.thankYouText = input.thank_you_text || null;
    }
    if (input.is_public !== undefined) {
      changes.isPublic = input.is_public;
    }
    if (input.questions !== undefined) {
      changes.questions = input.questions;
    }
    if (input.archived === true) {
      changes.status = 'archived';
    } else if (input.archived === false && row.status === 'archived') {
      changes.status = row.latestVersionUuid ? 'published' : 'draft';
    }
    await tx.update(forms).set(changes).where(eq(forms.id, row.id));
  });
}

/** DELETE forms/{uuid}: only a form nobody answered; one with answers is archived instead (PUT archived). */
export async function deleteForm(db: Database, uuid: string) {
  await db.transaction(async (tx) => {
    const row = await findFormRow(tx, uuid);
    // Locked so an answer arriving meanwhile either lands first (and blocks the delete) or finds no form.
    const locked = await tx.execute<{ answers_count: number }>(
      sql`select answers_count from forms where id = ${row.id} for update`,
    );
    if ((locked.rows[0]?.answers_count ?? 0) > 0) {
      throw conflict(MESSAGES.formHasAnswers, 'form_has_answers');
    }
    await tx.delete(forms).where(eq(forms.id, row.id));
  });
}

/**
 * POST forms/{uuid}/publish: freezes the working copy as the next version, which links and /submit answer from
 * then on. Nothing changed since the last version, no answerable question, or an archived form: 422.
 */
export async function publishForm(db: Database, uuid: string, actorId: number) {
  await db.transaction(async (tx) => {
    const { id } = await findFormRow(tx, uuid);
    await tx.execute(sql`select id from forms where id = ${id} for update`);
    // Read again under the lock: two publishes at once must not both freeze the same number.
    const row = await findFormRow(tx, uuid);
    if (row.status === 'archived') {
      throw conflict(MESSAGES.formClosed, 'form_archived');
    }
    if (!flattenQuestions(storedQuestions(row.questions)).some(isAnswerable)) {
      throw validationError({ questions: [MESSAGES.required] });
    }
    const latest = await latestVersion(tx, row.id);
    if (latest && !row.unpublished) {
      throw conflict(MESSAGES.formNothingToPublish, 'nothing_to_publish');
    }
    await tx.insert(formVersions).values({
      formId: row.id,
      number: (latest?.number ?? 0) + 1,
      questions: row.questions,
      publishedById: actorId,
    });
    await tx.update(forms).set({ status: 'published', updatedAt: new Date() }).where(eq(forms.id, row.id));
  });
}
