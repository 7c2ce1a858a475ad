import type { Comment, CommentList } from '@portal/domain';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/queries';
import { COMMENTS_KEY, likeComment, unlikeComment } from './api';

type Pages = InfiniteData<CommentList>;

/** The comment with this uuid (a thread or a reply) changed by `change`, everywhere it is cached. */
function patchComment(pages: Pages | undefined, uuid: string, change: (c: Comment) => Comment): Pages | undefined {
  if (!pages) {
    return pages;
  }
  const patch = (c: Comment): Comment =>
    c.uuid === uuid
      ? change(c)
      : { ...c, replies: c.replies.map((r) => (r.uuid === uuid ? (change({ ...r, replies: [] }) as Comment) : r)) };
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, data: page.data.map(patch) })) };
}

/**
 * Like / unlike with an optimistic toggle (doc 2 §4): the heart changes at once; a failure puts the cached lists back
 * as they were (the state reverts), success refetches.
 */
export function useLike() {
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  return useMutation({
    mutationFn: async ({ comment, mine }: { comment: Comment; mine: string | null }) =>
      mine ? unlikeComment(mine) : likeComment(comment.uuid),
    onMutate: async ({ comment, mine }) => {
      await queryClient.cancelQueries({ queryKey: COMMENTS_KEY });
      const before = queryClient.getQueriesData<Pages>({ queryKey: COMMENTS_KEY });
      queryClient.setQueriesData<Pages>({ queryKey: COMMENTS_KEY }, (pages) =>
        patchComment(pages, comment.uuid, (c) => ({
          ...c,
          reactions: mine
            ? c.reactions.filter((r) => r.uuid !== mine)
            : [
                ...c.reactions,
                { uuid: 'pending', reaction: 'thumbs_up', creator: { uuid: me?.uuid ?? '', name: me?.name ?? '' } },
              ],
        })),
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) {
        queryClient.setQueryData(key, data);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMMENTS_KEY }),
  });
}
