import { Tag } from 'antd';
import { humanize } from './listQuery';

const COLOURS: Record<string, string> = {
  active: 'green',
  in_progress: 'blue',
  waiting_to_launch: 'gold',
  paused: 'orange',
  pending: 'gold',
  completed: 'default',
  cancelled: 'red',
  inactive: 'default',
  blueprint: 'purple',
  accepted: 'green',
};

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLOURS[status] ?? 'default'} data-testid={`status-${status}`}>
      {humanize(status)}
    </Tag>
  );
}
