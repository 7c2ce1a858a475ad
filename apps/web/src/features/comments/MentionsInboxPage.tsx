import { CheckOutlined } from '@ant-design/icons';
import { COMMENT_TYPE_LABELS, type MentionInboxItem } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, List, Pagination, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/errors';
import { PageHeader } from '../common/PageHeader';
import { MENTIONS_COUNT_KEY, NOTIFICATIONS_KEY } from '../notifications/api';
import { listMentionInbox, MENTION_INBOX_KEY, readMention } from './api';
import './comments.css';
import { PersonName } from '../people/PersonName';

const KIND_LABEL = { task: 'Task', request: 'Request', project: 'Plan', content_item: 'Content' } as const;

const stamp = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * /inbox, shown as Mentions (doc 1 §2): the comments that mention the user, newest first, with an unread filter.
 * Opening one marks it read and lands on the comment, highlighted, in its task, request or plan.
 */
export function MentionsInboxPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const inbox = useQuery({
    queryKey: [...MENTION_INBOX_KEY, filter, page],
    queryFn: ({ signal }) => listMentionInbox(filter, page, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: MENTION_INBOX_KEY });
    void queryClient.invalidateQueries({ queryKey: MENTIONS_COUNT_KEY });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  };
  const read = useMutation({ mutationFn: readMention, onSuccess: refresh });
  const open = (item: MentionInboxItem) => {
    if (!item.read_at) {
      read.mutate(item.id);
    }
    if (item.action_url) {
      void navigate(item.action_url);
    }
  };

  return (
    <div data-testid="mentions-inbox">
      <PageHeader
        title="Mentions"
        actions={
          <Segmented
            value={filter}
            onChange={(value) => {
              setFilter(value as 'all' | 'unread');
              setPage(1);
            }}
            options={[
              { value: 'all', label: 'All' },
              { value: 'unread', label: <span data-testid="inbox-filter-unread">Unread</span> },
            ]}
          />
        }
      />
      {inbox.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : inbox.isError ? (
        <Alert type="warning" showIcon title={describeError(inbox.error)} />
      ) : inbox.data.data.length === 0 ? (
        <Empty description={filter === 'unread' ? 'No unread mentions' : 'No mentions yet'} />
      ) : (
        <>
          <List
            dataSource={inbox.data.data}
            renderItem={(item) => (
              <List.Item
                className={item.read_at ? 'inbox-item' : 'inbox-item inbox-item--unread'}
                data-testid="inbox-item"
                actions={
                  item.read_at
                    ? []
                    : [
                        <Button
                          key="read"
                          size="small"
                          icon={<CheckOutlined />}
                          onClick={() => read.mutate(item.id)}
                          data-testid="inbox-mark-read"
                        >
                          Mark read
                        </Button>,
                      ]
                }
              >
                <div className="inbox-row">
                  {/* The author opens their card; outside the open button, since a button cannot hold another. */}
                  <Space size={6} className="inbox-author">
                    {item.read_at ? null : <Badge status="processing" />}
                    {item.comment?.creator ? (
                      <PersonName
                        uuid={item.comment.creator.uuid}
                        name={item.comment.creator.name}
                        strong
                        testId="inbox-author"
                      />
                    ) : (
                      <Typography.Text strong>Someone</Typography.Text>
                    )}
                  </Space>
                  <button type="button" className="inbox-open" onClick={() => open(item)} data-testid="inbox-open">
                    <Space size={6} wrap>
                      <Typography.Text type="secondary">mentioned you on</Typography.Text>
                      {item.comment ? (
                        <>
                          <Tag>{KIND_LABEL[item.comment.commentable.type]}</Tag>
                          <Typography.Text>{item.comment.commentable.title}</Typography.Text>
                          {item.comment.type !== 'comment' ? (
                            <Tag color="purple">{COMMENT_TYPE_LABELS[item.comment.type]}</Tag>
                          ) : null}
                        </>
                      ) : null}
                      <Typography.Text type="secondary">{stamp(item.created_at)}</Typography.Text>
                    </Space>
                    <Typography.Paragraph
                      type={item.comment?.deleted ? 'secondary' : undefined}
                      ellipsis={{ rows: 2 }}
                      style={{ margin: '4px 0 0' }}
                    >
                      {item.comment?.text ?? ''}
                    </Typography.Paragraph>
                  </button>
                </div>
              </List.Item>
            )}
          />
          {inbox.data.meta.last_page > 1 ? (
            <Pagination
              current={page}
              total={inbox.data.meta.total}
              pageSize={inbox.data.meta.per_page}
              onChange={setPage}
              showSizeChanger={false}
              style={{ marginTop: 12, textAlign: 'right' }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
