import type { DbExecutor } from '../../db/client';
import type { Emit } from '../../events/domain-events';
import { attachUploads } from '../uploads/attach-uploads';
import type { FileStorage } from '../uploads/storage';

/**
 * POST/PUT tasks `uploads[]` (doc 2 §7): the Assets section's files. The list adds files (ones already on the task
 * are kept as they are); a file leaves a task only through DELETE uploads/{uuid}, which only its uploader may do.
 * `emit` collects the 'upload attached' events; the caller publishes them once the task's transaction committed
 * (the live views and webhooks' upload.attached listen for them).
 */
export async function attachTaskUploads(
  tx: DbExecutor,
  storage: FileStorage | undefined,
  taskId: number,
  uploadUuids: string[],
  userId: number,
  emit?: Emit,
) {
  if (!storage) {
    throw new Error('attaching uploads needs the file storage');
  }
  await attachUploads(tx, { storage, uploadUuids, holder: { type: 'task', id: taskId }, actor: { userId }, emit });
}
