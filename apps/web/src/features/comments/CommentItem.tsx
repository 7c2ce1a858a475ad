import { ClockCircleOutlined, DeleteOutlined, EditOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import {
  COMMENT_EDITED_LABEL,
  COMMENT_TYPE_LABELS,
  type Comment,
  type CommentReply,
  deltaHasContent,
  deltaMentionIds,
  MESSAGES,
} from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCurrentUser } from '../../auth/queries';
import type { RichTextDelta } from '../../components/RichTextEditor';
import { CommentEditor } from '../../components/RichTextEditor/mention';
import { reportSuccess } from '../../shell/feedback';
import { PersonName } from '../people/PersonName';
import { REF_TOKEN } from '../tasks/refToken';
import { deleteUpload } from '../uploads/api';
import { UploadedFiles } from '../uploads/UploadedFiles';
import { COMMENTS_KEY, deleteComment, listMentionables, updateComment } from './api';
import { CommentText } from './CommentText';
import { formatSendAt, PickDateTimeDialog } from './ScheduleDialogs';
import { useLike } from './useLike';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('')
    .toUpperCase();

const stamp = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * One comment: author, time, '[Edited]', its text ('[Comment Deleted]' once deleted), likes, and the author's edit
 * and delete (from the server's abilities). A scheduled comment shows when it goes out and can be moved, sent now or
 * cancelled by its creator.
 */
export function CommentItem({
  comment,
  planUuid,
  highlighted,
  footer,
}: {
  comment: Comment | CommentReply;
  planUuid: string | null;
  highlighted: boolean;
  footer?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<{ delta: RichTextDelta; text: string } | null>(null);
  const [moving, setMoving] = useState(false);
  const like = useLike();
  const refresh = () => queryClient.invalidateQueries({ queryKey: COMMENTS_KEY });
  const save = useMutation({
    mutationFn: (payload: Parameters<typeof updateComment>[1]) => updateComment(comment.uuid, payload),
    onSuccess: (_c, payload) => {
      setEditing(false);
      if (payload.send_at) {
        reportSuccess(MESSAGES.commentScheduled);
      }
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: () => deleteComment(comment.uuid), onSuccess: () => void refresh() });
  const mine = comment.reactions.find((r) => r.creator.uuid === me?.uuid)?.uuid ?? null;
  const deleted = comment.deleted_at !== null;
  // A client's answer on an approval link has no account behind it: the server names the client instead.
  const name = comment.creator?.name ?? comment.author_name ?? 'Someone';

  const submitEdit = () => {
    if (!draft) {
      setEditing(false);
      return;
    }
    if (!deltaHasContent(draft.delta)) {
      Modal.warning({ title: MESSAGES.writeCommentFirst });
      return;
    }
    save.mutate({
      text: draft.text,
      text_delta: draft.delta,
      related_users: deltaMentionIds(draft.delta),
      ref_token: REF_TOKEN,
    });
  };

  return (
    <div
      id={`comment-${comment.uuid}`}
      className={highlighted ? 'comment-item comment-item--highlighted' : 'comment-item'}
      data-testid="comment-item"
      data-comment-uuid={comment.uuid}
    >
      <Avatar size="small">{initials(name)}</Avatar>
      <div className="comment-body">
        <div className="comment-meta">
          {comment.creator ? (
            <PersonName uuid={comment.creator.uuid} name={name} strong testId="comment-author" />
          ) : (
            <Typography.Text strong>{name}</Typography.Text>
          )}
          {comment.origin === 'approval_link' ? (
            <Tag color="blue" data-testid="comment-origin">
              Client, via the approval link
            </Tag>
          ) : null}
          {comment.creator?.job_title ? (
            <Typography.Text type="secondary">{comment.creator.job_title}</Typography.Text>
          ) : null}
          <Typography.Text type="secondary" className="comment-time">
            {stamp(comment.created_at)}
          </Typography.Text>
          {comment.type !== 'comment' ? <Tag color="purple">{COMMENT_TYPE_LABELS[comment.type]}</Tag> : null}
          {comment.is_edited ? (
            <Typography.Text type="secondary" data-testid="comment-edited">
              {COMMENT_EDITED_LABEL}
            </Typography.Text>
          ) : null}
          {comment.is_scheduled && comment.send_at ? (
            <Tag icon={<ClockCircleOutlined />} color="gold" data-testid="comment-scheduled">
              Scheduled for {formatSendAt(new Date(comment.send_at))}
            </Tag>
          ) : null}
        </div>
        {editing ? (
          <div className="comment-edit">
            <CommentEditor
              value={comment.text_delta as RichTextDelta}
              onChange={(delta, text) => setDraft({ delta, text })}
              onSubmit={submitEdit}
              loadMentionables={(term, signal) => listMentionables(planUuid, term, signal)}
              testId="comment-edit-editor"
            />
            <Space style={{ marginTop: 8 }}>
              <Button
                size="small"
                type="primary"
                loading={save.isPending}
                onClick={submitEdit}
                data-testid="comment-edit-save"
              >
                Save
              </Button>
              <Button size="small" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </Space>
          </div>
        ) : deleted ? (
          <Typography.Text type="secondary" italic data-testid="comment-text">
            {comment.text}
          </Typography.Text>
        ) : (
          <div data-testid="comment-text">
            <CommentText delta={comment.text_delta} text={comment.text} />
          </div>
        )}
        {!deleted && comment.uploads.length ? (
          <UploadedFiles
            uuids={comment.uploads.map((file) => file.uuid)}
            known={comment.uploads}
            onRemove={
              comment.abilities.delete_uploads
                ? (uuid) =>
                    void deleteUpload(uuid).then(
                      () => refresh(),
                      () => refresh(),
                    )
                : undefined
            }
            testId="comment-files"
            selectable
          />
        ) : null}
        {deleted || editing ? null : (
          <div className="comment-actions">
            <Tooltip title={comment.reactions.map((r) => r.creator.name).join(', ') || undefined}>
              <Button
                size="small"
                type="text"
                icon={mine ? <LikeFilled /> : <LikeOutlined />}
                onClick={() => like.mutate({ comment: comment as Comment, mine: mine === 'pending' ? null : mine })}
                aria-pressed={mine !== null}
                data-testid="comment-like"
              >
                {comment.reactions.length || ''}
              </Button>
            </Tooltip>
            {footer}
            {comment.is_scheduled && comment.abilities.update ? (
              <>
                <Button size="small" type="text" onClick={() => setMoving(true)} data-testid="comment-reschedule">
                  Change time
                </Button>
                <Button
                  size="small"
                  type="text"
                  onClick={() => save.mutate({ send_at: null, ref_token: REF_TOKEN })}
                  data-testid="comment-send-now"
                >
                  Send now
                </Button>
              </>
            ) : null}
            {comment.abilities.update ? (
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
                data-testid="comment-edit"
              >
                Edit
              </Button>
            ) : null}
            {comment.abilities.delete ? (
              <Popconfirm
                title={comment.is_scheduled ? 'Cancel this scheduled comment?' : 'Delete this comment?'}
                onConfirm={() => remove.mutate()}
                okButtonProps={{ 'data-testid': 'comment-delete-confirm' } as never}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} data-testid="comment-delete">
                  {comment.is_scheduled ? 'Cancel' : 'Delete'}
                </Button>
              </Popconfirm>
            ) : null}
          </div>
        )}
      </div>
      {moving ? (
        <PickDateTimeDialog
          open
          initial={comment.send_at ? new Date(comment.send_at) : null}
          onCancel={() => setMoving(false)}
          onPick={(sendAt) => {
            setMoving(false);
            save.mutate({ send_at: sendAt.toISOString(), ref_token: REF_TOKEN });
          }}
        />
      ) : null}
    </div>
  );
}
