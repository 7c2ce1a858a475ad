import { type Answers, flattenQuestions, type RequestForm } from '@portal/domain';
import type { DbExecutor } from '../../db/client';
import type { Emit } from '../../events/domain-events';
import { attachUploads } from '../uploads/attach-uploads';
import type { FileStorage } from '../uploads/storage';

/**
 * A request holds the files of its uploads area (`uploads[]`) and those answering its upload questions (each
 * answer a list of upload uuids). Both add files; a file leaves only through DELETE uploads/{uuid}. A refused uuid
 * is reported under the field it came from (`uploads` or `answers.<question>`). `emit` collects the 'upload
 * attached' events, published by the caller once the request's transaction committed (webhooks' upload.attached).
 */
export async function attachRequestUploads(
  tx: DbExecutor,
  storage: FileStorage | undefined,
  requestId: number,
  userId: number,
  sent: { uploads?: string[]; form?: RequestForm; answers?: Answers },
  emit?: Emit,
) {
  const groups: { field: string; uuids: string[] }[] = [];
  if (sent.uploads?.length) {
    groups.push({ field: 'uploads', uuids: sent.uploads });
  }
  for (const question of sent.form ? flattenQuestions(sent.form) : []) {
    const value = sent.answers?.[question.name];
    if (question.type === 'upload' && Array.isArray(value) && value.length) {
      groups.push({ field: `answers.${question.name}`, uuids: value as string[] });
    }
  }
  if (groups.length === 0) {
    return;
  }
  if (!storage) {
    throw new Error('attaching uploads needs the file storage');
  }
  for (const group of groups) {
    await attachUploads(tx, {
      storage,
      uploadUuids: group.uuids,
      holder: { type: 'request', id: requestId },
      actor: { userId },
      field: group.field,
      emit,
    });
  }
}
