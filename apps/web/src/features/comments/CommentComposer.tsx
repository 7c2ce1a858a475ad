import { ClockCircleOutlined, DownOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import {
  type CommentKind,
  deltaHasContent,
  deltaMentionIds,
  fillCommentTemplate,
  MESSAGES,
  type Upload,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Modal, Select, Space } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import type { RichTextDelta } from '../../components/RichTextEditor';
import { CommentEditor, type CommentEditorHandle } from '../../components/RichTextEditor/mention';
import { reportSuccess } from '../../shell/feedback';
import { REF_TOKEN } from '../tasks/refToken';
import { UploadDialog } from '../uploads/UploadDialog';
import { UploadedFiles } from '../uploads/UploadedFiles';
import {
  COMMENT_TEMPLATES_KEY,
  COMMENTS_KEY,
  type CommentPayload,
  type CommentTarget,
  createComment,
  listCommentTemplates,
  listMentionables,
  replyToComment,
} from './api';
import { ScheduleSendDialog } from './ScheduleDialogs';

export type ComposerProps = {
  target: CommentTarget;
  /** The plan whose people may be mentioned (null: anyone the caller may mention). */
  planUuid: string | null;
  type: CommentKind;
  /** A reply to this comment instead of a new thread. */
  parentUuid?: string;
  /** Who '@name' in a template stands for (the request's requester, …). */
  contactName?: string | null;
  onDone?(): void;
  autoFocus?: boolean;
};

/**
 * Writes a comment or a reply: the editor with @mentions, CMD/CTRL+Enter or Send, a template picker, and Schedule send.
 * An empty send opens the spec's dialog ('Please write a comment before'; the scheduled variant starts with 'Error:').
 */
export function CommentComposer({ target, planUuid, type, parentUuid, contactName, onDone }: ComposerProps) {
  const queryClient = useQueryClient();
  const ability = useAbility();
  const editor = useRef<CommentEditorHandle>(null);
  const [content, setContent] = useState<{ delta: RichTextDelta; text: string } | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [attaching, setAttaching] = useState(false);
  const [files, setFiles] = useState<Upload[]>([]);
  const templates = useQuery({
    queryKey: COMMENT_TEMPLATES_KEY,
    queryFn: ({ signal }) => listCommentTemplates(signal),
    enabled: ability.can('COMMENT_TEMPLATES_READ'),
    staleTime: 60_000,
  });
  const send = useMutation({
    mutationFn: (payload: CommentPayload) =>
      parentUuid ? replyToComment(parentUuid, payload) : createComment(target, payload),
    onSuccess: (_comment, payload) => {
      editor.current?.clear();
      setContent(null);
      setFiles([]);
      void queryClient.invalidateQueries({ queryKey: COMMENTS_KEY });
      if (payload.send_at) {
        reportSuccess(MESSAGES.commentScheduled);
      }
      onDone?.();
    },
  });

  const submit = useCallback(
    (sendAt?: Date) => {
      if (send.isPending) {
        return;
      }
      if (!content || !deltaHasContent(content.delta)) {
        Modal.warning({ title: sendAt ? MESSAGES.writeCommentFirstScheduled : MESSAGES.writeCommentFirst });
        return;
      }
      send.mutate({
        text: content.text,
        text_delta: content.delta,
        related_users: deltaMentionIds(content.delta),
        type,
        uploads: files.map((file) => file.uuid),
        ...(sendAt ? { send_at: sendAt.toISOString() } : {}),
        ref_token: REF_TOKEN,
      });
    },
    [content, send, type, files],
  );
  const loadMentionables = useCallback(
    (term: string, signal: AbortSignal) => listMentionables(planUuid, term, signal),
    [planUuid],
  );

  return (
    <div className="comment-composer" data-testid={parentUuid ? 'reply-composer' : 'comment-composer'}>
      <CommentEditor
        handle={editor}
        placeholder={parentUuid ? 'Write a reply…' : 'Write a comment… (@ to mention)'}
        onChange={(delta, text) => setContent({ delta, text })}
        onSubmit={() => submit()}
        loadMentionables={ability.can('COMMENTS_CREATE') ? loadMentionables : undefined}
        testId={parentUuid ? 'reply-editor' : 'comment-editor'}
      />
      <UploadedFiles
        uuids={files.map((file) => file.uuid)}
        known={files}
        onRemove={(uuid) => setFiles((current) => current.filter((file) => file.uuid !== uuid))}
        testId="comment-pending-files"
      />
      <div className="comment-composer-actions">
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<PaperClipOutlined />}
            onClick={() => setAttaching(true)}
            data-testid="comment-attach"
          >
            Attach
          </Button>
          {templates.data?.length ? (
            <Select
              size="small"
              placeholder="Templates"
              value={null}
              style={{ minWidth: 140 }}
              options={templates.data.map((t) => ({ value: t.uuid, label: t.title }))}
              onChange={(uuid) => {
                const template = templates.data?.find((t) => t.uuid === uuid);
                if (template) {
                  editor.current?.insertText(fillCommentTemplate(template.content, contactName));
                }
              }}
              aria-label="Insert a comment template"
              data-testid="comment-template-picker"
            />
          ) : null}
        </Space>
        <Space.Compact>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={send.isPending}
            onClick={() => submit()}
            data-testid={parentUuid ? 'reply-send' : 'comment-send'}
          >
            Send
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [{ key: 'schedule', icon: <ClockCircleOutlined />, label: 'Schedule send' }],
              onClick: () => {
                if (!content || !deltaHasContent(content.delta)) {
                  Modal.warning({ title: MESSAGES.writeCommentFirstScheduled });
                  return;
                }
                setScheduling(true);
              },
            }}
          >
            <Button
              type="primary"
              icon={<DownOutlined />}
              aria-label="More send options"
              data-testid="comment-send-more"
            />
          </Dropdown>
        </Space.Compact>
      </div>
      <UploadDialog
        open={attaching}
        onClose={() => setAttaching(false)}
        onDone={(done) => {
          setAttaching(false);
          setFiles((current) => [...current, ...done.filter((file) => !current.some((c) => c.uuid === file.uuid))]);
        }}
      />
      <ScheduleSendDialog
        open={scheduling}
        onCancel={() => setScheduling(false)}
        onPick={(sendAt) => {
          setScheduling(false);
          submit(sendAt);
        }}
      />
    </div>
  );
}
