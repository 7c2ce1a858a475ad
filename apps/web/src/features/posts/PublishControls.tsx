import type { Post } from '@portal/domain';
import { Button, DatePicker, Form, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { formatDateTime } from '../common/dateTime';
import { publishPost, unpublishPost } from './api';

/** Publish now, or pick a future time to schedule (the server's job publishes it then). */
export function PublishControls({ post, onStored }: { post: Post; onStored(post: Post): void }) {
  const ability = useAbility();
  const [at, setAt] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const publish = async (when?: Dayjs) => {
    setBusy(true);
    try {
      onStored(await publishPost(post.uuid, when?.toISOString()));
      reportSuccess(when ? 'Post scheduled.' : 'Post published.');
      setAt(null);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  const unpublish = async () => {
    setBusy(true);
    try {
      onStored(await unpublishPost(post.uuid));
      reportSuccess(post.status === 'scheduled' ? 'Schedule cancelled.' : 'Post unpublished.');
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form.Item label="Publishing">
      <Space direction="vertical" className="post-full-width">
        <Typography.Text data-testid="post-published-at">
          {post.status === 'draft'
            ? 'Not published yet.'
            : `${post.status === 'scheduled' ? 'Scheduled for' : 'Published'} ${formatDateTime(post.published_at)}`}
        </Typography.Text>
        {ability.can('POSTS_UPDATE') ? (
          <>
            <Button type="primary" loading={busy} onClick={() => void publish()} data-testid="post-publish">
              {post.status === 'published' ? 'Publish again now' : 'Publish now'}
            </Button>
            <Space.Compact className="post-full-width">
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="MM/DD/YYYY HH:mm"
                aria-label="Schedule for"
                value={at}
                onChange={setAt}
                disabledDate={(day) => day.endOf('day').isBefore(new Date())}
                data-testid="post-schedule-at"
              />
              <Button disabled={!at} loading={busy} onClick={() => at && void publish(at)} data-testid="post-schedule">
                Schedule
              </Button>
            </Space.Compact>
            {post.status === 'draft' ? null : (
              <Button loading={busy} onClick={() => void unpublish()} data-testid="post-unpublish">
                {post.status === 'scheduled' ? 'Cancel schedule' : 'Unpublish'}
              </Button>
            )}
          </>
        ) : null}
      </Space>
    </Form.Item>
  );
}
