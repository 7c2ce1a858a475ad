import { Typography } from 'antd';
import type { PageProps } from '../routes/pages';

/** Opens a saved upload in its own tab, without the layout. Only the title until the uploads issue lands. */
export function FileViewerPage({ label }: PageProps) {
  return (
    <main className="bare-page">
      <Typography.Title level={3} data-testid="page-title" style={{ marginTop: 0 }}>
        {label}
      </Typography.Title>
    </main>
  );
}
