import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's title line with its actions on the right. */
export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page-header">
      <Typography.Title level={3} data-testid="page-title" style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {actions ? <div className="page-header-actions">{actions}</div> : null}
    </div>
  );
}
