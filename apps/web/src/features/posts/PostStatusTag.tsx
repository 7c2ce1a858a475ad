import type { PostStatus } from '@portal/domain';
import { Tag } from 'antd';

export const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};
const COLORS: Record<PostStatus, string> = { draft: 'default', scheduled: 'gold', published: 'green' };

export function PostStatusTag({ status }: { status: PostStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="post-status">
      {STATUS_LABELS[status]}
    </Tag>
  );
}
