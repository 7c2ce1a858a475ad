import { CONTENT_STATUS_LABELS, type PublicApprovalItem } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { decidePublicApproval, getPublicApproval } from './api';
import { PostPreview } from './PostPreview';
import './content.css';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="approval-page">
      <Space style={{ marginBottom: 16 }}>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>Agency Portal</span>
      </Space>
      {children}
    </main>
  );
}

function Item({ token, item, author }: { token: string; item: PublicApprovalItem; author: string }) {
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'request_changes') =>
      decidePublicApproval(token, { item_uuid: item.uuid, decision, comment }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['public-approval', token] }),
  });
  const id = `approval-comment-${item.uuid}`;
  return (
    <article className="approval-item" data-testid="approval-item" data-uuid={item.uuid}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Tag data-testid="approval-status">{CONTENT_STATUS_LABELS[item.status]}</Tag>
        {item.scheduled_at ? <span>Goes out {new Date(item.scheduled_at).toLocaleString()}</span> : null}
      </Space>
      <PostPreview platform={item.platform} caption={item.caption} media={item.media} author={author} />
      {item.comment ? <Typography.Paragraph>Your comment: {item.comment}</Typography.Paragraph> : null}
      {decide.error ? <Alert type="error" message={describeError(decide.error)} /> : null}
      {item.decidable ? (
        <div style={{ marginTop: 12 }}>
          {asking ? (
            <>
              <label htmlFor={id}>What should we change?</label>
              <Input.TextArea
                id={id}
                rows={3}
                maxLength={5000}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                data-testid="approval-comment"
              />
            </>
          ) : null}
          <Space wrap style={{ marginTop: 8 }}>
            <Button
              type="primary"
              loading={decide.isPending}
              onClick={() => decide.mutate('approve')}
              data-testid="approval-approve"
            >
              Approve
            </Button>
            <Button
              onClick={() => (asking ? decide.mutate('request_changes') : setAsking(true))}
              loading={decide.isPending}
              data-testid="approval-request-changes"
            >
              {asking ? 'Send request for changes' : 'Request changes'}
            </Button>
          </Space>
        </div>
      ) : null}
    </article>
  );
}

/** /approve/:token: the client's review of a batch of posts, without an account (the token is the credential). */
export function PublicApprovalPage() {
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: ['public-approval', token],
    queryFn: ({ signal }) => getPublicApproval(token, signal),
    retry: false,
  });
  if (page.isLoading) {
    return (
      <Frame>
        <Skeleton active />
      </Frame>
    );
  }
  if (page.error || !page.data) {
    const gone = page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 410);
    return (
      <Frame>
        <Result
          status="warning"
          title={gone ? (page.error as ApiError).body.message : describeError(page.error)}
          data-testid="approval-problem"
        />
      </Frame>
    );
  }
  const author = page.data.client_name ?? page.data.plan_title;
  return (
    <Frame>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Content for your approval
      </Typography.Title>
      <Typography.Paragraph>
        {page.data.plan_title}: approve each post or tell us what to change. This link works until{' '}
        {new Date(page.data.expires_at).toLocaleDateString()}.
      </Typography.Paragraph>
      {page.data.items.map((item) => (
        <Item key={item.uuid} token={token} item={item} author={author} />
      ))}
    </Frame>
  );
}
