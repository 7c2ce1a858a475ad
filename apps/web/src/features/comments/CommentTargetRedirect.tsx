import type { Comment } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api';
import { commentTargetAddress } from './commentTarget';

/**
 * target_comment_id on any screen (doc 1 §2): finds where the comment lives (GET comments/{uuid}) and opens it there,
 * scrolled to the comment. A comment the person may not read, or that is gone, just drops the parameter.
 */
export function CommentTargetRedirect() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = params.get('target_comment_id');
  const comment = useQuery({
    queryKey: ['comments', 'one', target],
    queryFn: ({ signal }) => api.get<{ data: Comment }>(`/comments/${encodeURIComponent(target ?? '')}`, { signal }),
    enabled: Boolean(target),
    retry: false,
    meta: { silentError: true },
  });
  const home = comment.data?.data;
  useEffect(() => {
    if (!target) {
      return;
    }
    if (home) {
      const address = commentTargetAddress(home, target, location);
      if (address) {
        void navigate(address, { replace: true });
      }
    } else if (comment.isError) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('target_comment_id');
          return next;
        },
        { replace: true },
      );
    }
  }, [target, home, comment.isError, location, navigate, setParams]);
  return null;
}
