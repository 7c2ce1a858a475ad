import type { FormStatus } from '@portal/domain';
import { Tag } from 'antd';

const COLOURS: Record<FormStatus, string> = { draft: 'default', published: 'green', archived: 'orange' };
const LABELS: Record<FormStatus, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

export function FormStatusTag({ status }: { status: FormStatus }) {
  return (
    <Tag color={COLOURS[status]} data-testid={`form-status-${status}`}>
      {LABELS[status]}
    </Tag>
  );
}
