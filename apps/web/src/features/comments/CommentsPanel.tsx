import { ReloadOutlined } from '@ant-design/icons';
import { COMMENT_TYPE_LABELS, COMMENTS_PAGE_SIZE, type Comment, type CommentKind } from '@portal/domain';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Segmented, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import { useCurrentUser } from '../../auth/queries';
import { COMMENTS_KEY, type CommentTarget, commentsKey, listComments } from './api';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';
import { useLiveAutoScroll } from './liveAutoScroll';
import './comments.css';

const PLAN_TABS: ('all' | CommentKind)[] = ['all', 'comment', 'call_log', 'email_log', 'private', 'summary'];

export type CommentsPanelProps = {
  target: CommentTarget;
  /** The plan of the commentable (whose people may be mentioned). */
  planUuid: string | null;
  /** The comment to scroll to and highlight (task_comment_uuid / target_comment_id). */
  highlightUuid?: string | null;
  /** Who '@name' in templates stands for. */
  contactName?: string | null;
};

function Thread({
  comment,
  target,
  planUuid,
  highlightUuid,
  canComment,
}: {
  comment: Comment;
  target: CommentTarget;
  planUuid: string | null;
  highlightUuid: string | null;
  canComment: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const canReply = canComment && !comment.deleted_at && !comment.is_scheduled;
  return (
    <div className="comment-thread" data-testid="comment-thread">
      <CommentItem
        comment={comment}
        planUuid={planUuid}
        highlighted={comment.uuid === highlightUuid}
        footer={
          canReply ? (
            <Button size="small" type="text" onClick={() => setReplying((v) => !v)} data-testid="comment-reply">
              Reply
            </Button>
          ) : null
        }
      />
      {comment.replies.length || replying ? (
        <div className="comment-replies">
          {comment.replies.map((reply) => (
            <CommentItem
              key={reply.uuid}
              comment={reply}
              planUuid={planUuid}
              highlighted={reply.uuid === highlightUuid}
            />
          ))}
          {replying ? (
            <CommentComposer
              target={target}
              planUuid={planUuid}
              type={comment.type === 'private' ? 'private' : 'comment'}
              parentUuid={comment.uuid}
              onDone={() => setReplying(false)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The Comments panel of a task, request or plan (doc 2 §2): the composer (hidden when the server says the caller may
 * not comment here), newest threads with their replies, 'Load more' while pages come back full (100). On a plan,
 * holders of the permission get the tab bar All, Comment, Call log, Email log, Private note, Summary and Refresh.
 * Server data lives in TanStack Query; writes and live events just invalidate ['comments'].
 */
export function CommentsPanel({ target, planUuid, highlightUuid = null, contactName }: CommentsPanelProps) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<'all' | CommentKind>('all');
  const types: CommentKind[] = tab === 'all' ? [] : [tab];
  const comments = useInfiniteQuery({
    queryKey: commentsKey(target, types),
    queryFn: ({ pageParam, signal }) => listComments(target, pageParam, types, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (last.data.length === COMMENTS_PAGE_SIZE ? page + 1 : undefined),
  });
  const first = comments.data?.pages[0];
  const abilities = first?.meta.abilities;
  const planTabs = target.type === 'project' && (abilities?.types.length ?? 0) > 1;
  const threads = useMemo(() => comments.data?.pages.flatMap((page) => page.data) ?? [], [comments.data]);
  const panel = useRef<HTMLDivElement>(null);
  useLiveAutoScroll(panel, threads, useCurrentUser().data?.uuid ?? null);

  // Land on the highlighted comment once it is on screen.
  const found =
    highlightUuid !== null &&
    threads.some((t) => t.uuid === highlightUuid || t.replies.some((r) => r.uuid === highlightUuid));
  useEffect(() => {
    if (found && highlightUuid) {
      document.getElementById(`comment-${highlightUuid}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [found, highlightUuid]);

  const composerType: CommentKind = tab === 'all' ? 'comment' : tab;
  return (
    <div className="comments-panel" data-testid="comments-panel" ref={panel}>
      {planTabs ? (
        <div className="comments-tabbar">
          {/* A filter of one list, so a segmented choice that scrolls within itself on a phone (antd Tabs would
              fold the overflow into a menu button inside the tablist, which axe refuses). */}
          <div className="comments-kinds">
            <Segmented
              size="small"
              value={tab}
              onChange={(key) => setTab(key as 'all' | CommentKind)}
              aria-label="Comment kinds"
              options={PLAN_TABS.map((key) => ({
                value: key,
                label: (
                  <span data-testid={`comments-tab-${key}`}>{key === 'all' ? 'All' : COMMENT_TYPE_LABELS[key]}</span>
                ),
              }))}
            />
          </div>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: COMMENTS_KEY })}
            data-testid="comments-refresh"
          >
            Refresh
          </Button>
        </div>
      ) : null}
      {abilities?.can_comment ? (
        <CommentComposer target={target} planUuid={planUuid} type={composerType} contactName={contactName} />
      ) : null}
      {comments.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : comments.isError ? (
        <Alert type="warning" showIcon title={describeError(comments.error)} />
      ) : threads.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No comments yet" />
      ) : (
        <div className="comment-threads">
          {threads.map((comment) => (
            <Thread
              key={comment.uuid}
              comment={comment}
              target={target}
              planUuid={planUuid}
              highlightUuid={highlightUuid}
              canComment={abilities?.can_comment ?? false}
            />
          ))}
          {comments.hasNextPage ? (
            <Button
              block
              onClick={() => void comments.fetchNextPage()}
              loading={comments.isFetchingNextPage}
              data-testid="comments-load-more"
            >
              Load more
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
