import { POST_MESSAGES, type Post, type PostRevision, richTextToHtml } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { formatDateTime } from '../common/dateTime';
import { listRevisions, POSTS_KEY, restoreRevision } from './api';

const REASONS: Record<PostRevision['reason'], string> = { save: 'Saved', publish: 'Published', restore: 'Restored' };

function RevisionView({ revision }: { revision: PostRevision }) {
  // The same sanitising renderer as the public API: every text escaped, only allow-listed tags and links.
  const html = richTextToHtml(revision.body_delta);
  return (
    <div className="post-revision-view" data-testid="post-revision-view">
      <Typography.Title level={5}>{revision.title}</Typography.Title>
      {revision.excerpt ? <Typography.Paragraph type="secondary">{revision.excerpt}</Typography.Paragraph> : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: richTextToHtml escapes all text and allow-lists tags */}
      <div className="post-revision-body" dangerouslySetInnerHTML={{ __html: html }} />
      <Typography.Text type="secondary">
        SEO: {revision.seo_title || '—'} · {revision.seo_description || '—'}
      </Typography.Text>
    </div>
  );
}

/** Every save, publish and restore of the post, newest first: view one, and put it back. */
export function RevisionsDrawer({
  uuid,
  editable,
  onRestored,
  onClose,
}: {
  uuid: string;
  editable: boolean;
  onRestored(post: Post): void;
  onClose(): void;
}) {
  const revisions = useQuery({
    queryKey: [...POSTS_KEY, 'revisions', uuid],
    queryFn: ({ signal }) => listRevisions(uuid, signal),
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const restore = async (id: number) => {
    try {
      onRestored(await restoreRevision(uuid, id));
      reportSuccess(POST_MESSAGES.revisionRestored);
      void revisions.refetch();
    } catch (error) {
      reportError(error);
    }
  };
  return (
    <Drawer open title="Revisions" onClose={onClose} width="min(560px, 100vw)" data-testid="post-revisions-drawer">
      <List
        loading={revisions.isLoading}
        dataSource={revisions.data ?? []}
        renderItem={(revision) => (
          <List.Item data-testid="post-revision">
            <Space direction="vertical" className="post-full-width">
              <Space wrap>
                <strong>{REASONS[revision.reason]}</strong>
                <span>{formatDateTime(revision.created_at)}</span>
                <span className="post-muted">{revision.author?.name ?? ''}</span>
              </Space>
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => setViewing(viewing === revision.id ? null : revision.id)}
                  data-testid="post-revision-toggle"
                >
                  {viewing === revision.id ? 'Hide' : 'View'}
                </Button>
                {editable ? (
                  <ConfirmButton
                    size="small"
                    question="Restore this revision? The current text is kept as a revision too."
                    testId="post-revision-restore"
                    onConfirm={() => void restore(revision.id)}
                  >
                    Restore
                  </ConfirmButton>
                ) : null}
              </Space>
              {viewing === revision.id ? <RevisionView revision={revision} /> : null}
            </Space>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
