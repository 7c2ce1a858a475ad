import type { CommentableType } from '@portal/domain';
import { planPath } from '../plans/planPaths';

/** Where a comment lives, as GET comments/{uuid} answers it. */
export type CommentHome = { commentable_type: CommentableType; commentable_uuid: string };

/**
 * Where target_comment_id (doc 1 §2) leads from the screen at `pathname`: a task's comment opens the task drawer over
 * the current screen (its parameters kept) on its Comments tab (task_comment_uuid); a request's opens the request, a plan's the plan's
 * Comments tab, both with target_comment_id, which those screens scroll to; a content item's opens /content with
 * the item. null when the screen already shows the comment's request, plan or content (it handles the parameter).
 */
export function commentTargetAddress(
  home: CommentHome,
  commentId: string,
  { pathname, search = '' }: { pathname: string; search?: string },
): string | null {
  const id = encodeURIComponent(commentId);
  if (home.commentable_type === 'task') {
    // The screen's own parameters stay; the drawer's replace target_comment_id.
    const params = new URLSearchParams(search);
    params.delete('target_comment_id');
    params.set('task_uuid', home.commentable_uuid);
    params.set('task_comment_uuid', commentId);
    return `${pathname}?${params.toString()}`;
  }
  if (home.commentable_type === 'content_item') {
    // /content opens the item's drawer on its plan and highlights the comment itself (features/content).
    return pathname === '/content'
      ? null
      : `/content?item=${encodeURIComponent(home.commentable_uuid)}&target_comment_id=${id}`;
  }
  const path =
    home.commentable_type === 'request' ? `/requests/${home.commentable_uuid}` : planPath(home.commentable_uuid);
  return pathname === path || pathname.startsWith(`${path}/`) ? null : `${path}?target_comment_id=${id}`;
}
