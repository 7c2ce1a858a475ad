import type { Comment } from '@portal/domain';
import type { DbExecutor } from '../../db/client';
import { validationError } from '../../http/errors';
import type { CommentRow, CommentViewer } from './comment-access';

/** The files of each comment, by comment id. */
export async function loadCommentUploads(
  _db: DbExecutor,
  _commentIds: readonly number[],
): Promise<Map<number, Comment['uploads']>> {
  return new Map();
}

/** Attaches the caller's uploads to a comment, in the comment's transaction. */
export async function attachCommentUploads(
  _tx: DbExecutor,
  _viewer: CommentViewer,
  _comment: Pick<CommentRow, 'id'>,
  uploadUuids: readonly string[],
): Promise<void> {
  if (uploadUuids.length) {
    throw validationError({ uploads: ['Files cannot be attached to comments yet.'] });
  }
}

/** A deleted comment's files are released (the uploads' cleanup removes them). */
export async function clearCommentUploads(_tx: DbExecutor, _commentIds: readonly number[]): Promise<void> {}
