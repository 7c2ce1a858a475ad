/**
 * Attaching uploads to what holds them — the one way any module (tasks, requests, comments, customers) takes
 * files. Call it inside your write's transaction:
 *
 *   const files = await attachUploads(tx, {
 *     storage: app.ctx.storage,
 *     uploadUuids: body.uploads,              // uuids from create-pre-signed-url
 *     holder: { type: 'comment', id: comment.id },
 *     actor: { userId: principal.userId },
 *     emit,                                    // from inTransaction: announces model 'upload' 'attached'
 *   });
 *
 * It throws a 422 `{ errors: { uploads: [...] } }` (field name: `field`) for an unknown uuid, another person's
 * upload, a file already held by something else, or bytes that fail verification (S3 uploads are verified here, on
 * their first attach: HEAD plus the first bytes). Uuids already held by this holder are accepted unchanged, so a
 * client may resend its whole list. `mode: 'replace'` also releases the holder's files that are not in the list
 * (the client notes' images); released files are removed by the cleanup job after 24 h.
 *
 * Read the files back with `loadUploads(db, holder)` / `loadUploadsOf(db, type, ids)`; present them with
 * `presentUpload` (upload-presenter.ts), whose zod output schema is `uploadSchema` in @portal/domain.
 */
import { MESSAGES, type Upload } from '@portal/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { uploads, users } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { AppError, validationError } from '../../http/errors';
import type { UploadHolder, UploadHolderType } from './holder-access';
import type { FileStorage } from './storage';
import { uploadEventAudience } from './upload-events';
import { presentUpload, type UploadRow } from './upload-presenter';
import { verifyStoredUpload } from './verify-upload';

export type { UploadHolder, UploadHolderType } from './holder-access';

export type AttachUploadsInput = {
  storage: FileStorage;
  uploadUuids: readonly string[] | undefined;
  holder: UploadHolder;
  /**
   * Whose unheld files may be attached: the caller's own. null is a visitor without an account (a form's share
   * link): files uploaded anonymously, which the caller must already have narrowed to its own (form_link_uploads).
   */
  actor: { userId: number | null };
  /** The field the 422 names; 'uploads' by default (an upload question's name, for example). */
  field?: string;
  mode?: 'add' | 'replace';
  emit?: Emit;
};

/** Marks pending uploads stated after verifying their bytes (S3: the browser's PUT never reached this server). */
async function stateOnAttach(tx: DbExecutor, input: AttachUploadsInput, row: UploadRow, field: string): Promise<void> {
  try {
    const verified = await verifyStoredUpload(
      input.storage,
      { uuid: row.uuid, extension: row.extension, size: row.size, key: row.url },
      input.storage.maxUploadBytes,
    );
    await tx
      .update(uploads)
      .set({ stated: true, statedAt: new Date(), ...verified })
      .where(eq(uploads.id, row.id));
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      throw validationError({ [field]: [error.message] });
    }
    throw error;
  }
}

export async function attachUploads(tx: DbExecutor, input: AttachUploadsInput): Promise<UploadRow[]> {
  const field = input.field ?? 'uploads';
  const wanted = [...new Set(input.uploadUuids ?? [])];
  const { holder } = input;
  const rows = wanted.length
    ? await tx.select().from(uploads).where(inArray(uploads.uuid, wanted)).orderBy(asc(uploads.id)).for('update')
    : [];
  const heldHere = (row: UploadRow) => row.holderType === holder.type && row.holderId === holder.id;
  const usable = rows.filter(
    (row) =>
      heldHere(row) || (row.holderType === null && row.createdById === input.actor.userId && row.kind !== 'export'),
  );
  // Another person's file or a file held elsewhere looks exactly like an unknown one: nothing about it leaks.
  if (usable.length !== wanted.length) {
    throw validationError({ [field]: [MESSAGES.unknownReference] });
  }
  for (const row of usable) {
    if (!row.stated) {
      if (input.storage.driver === 'local') {
        throw validationError({ [field]: [MESSAGES.uploadNotFinished] });
      }
      await stateOnAttach(tx, input, row, field);
    }
  }
  const fresh = usable.filter((row) => !heldHere(row));
  if (fresh.length) {
    await tx
      .update(uploads)
      .set({ holderType: holder.type, holderId: holder.id, attachedAt: new Date() })
      .where(
        inArray(
          uploads.id,
          fresh.map((row) => row.id),
        ),
      );
  }
  const announced: { uuid: string; action: 'attached' | 'detached' }[] = [];
  if (input.mode === 'replace') {
    const keep = usable.map((row) => row.id);
    const released = await tx
      .update(uploads)
      .set({ holderType: null, holderId: null, attachedAt: null })
      .where(
        and(
          eq(uploads.holderType, holder.type),
          eq(uploads.holderId, holder.id),
          keep.length ? notInArray(uploads.id, keep) : sql`true`,
        ),
      )
      .returning({ uuid: uploads.uuid });
    announced.push(...released.map((row) => ({ uuid: row.uuid, action: 'detached' as const })));
  }
  announced.push(...fresh.map((row) => ({ uuid: row.uuid, action: 'attached' as const })));
  if (input.emit && announced.length && input.actor.userId !== null) {
    // Told to whoever reads the holder, and nobody else (upload-events.ts).
    const actorId = input.actor.userId;
    const audience = await uploadEventAudience(tx, holder, actorId);
    for (const { uuid, action } of announced) {
      input.emit({ model: 'upload', action, id: uuid, actorId, ...audience });
    }
  }
  return usable;
}

/** The files held by some objects of one kind, oldest first, presented; keyed by holder id. */
export async function loadUploadsOf(
  db: DbExecutor,
  type: UploadHolderType,
  holderIds: readonly number[],
): Promise<Map<number, Upload[]>> {
  const byHolder = new Map<number, Upload[]>();
  if (holderIds.length === 0) {
    return byHolder;
  }
  const rows = await db
    .select({ upload: uploads, creatorUuid: users.uuid })
    .from(uploads)
    .leftJoin(users, eq(users.id, uploads.createdById))
    .where(and(eq(uploads.holderType, type), inArray(uploads.holderId, [...new Set(holderIds)])))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  for (const { upload, creatorUuid } of rows) {
    const list = byHolder.get(upload.holderId as number) ?? [];
    list.push(presentUpload(upload, creatorUuid));
    byHolder.set(upload.holderId as number, list);
  }
  return byHolder;
}

/** The files one object holds, oldest first, presented. */
export async function loadUploads(db: DbExecutor, holder: UploadHolder): Promise<Upload[]> {
  return (await loadUploadsOf(db, holder.type, [holder.id])).get(holder.id) ?? [];
}
