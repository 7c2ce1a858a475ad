import { Typography } from 'antd';
import type { PageProps } from '../routes/pageProps';

/** A screen whose content arrives with a later issue: its title only. */
export function TitlePage({ label }: PageProps) {
  return (
    <Typography.Title level={3} data-testid="page-title" style={{ marginTop: 0 }}>
      {label}
    </Typography.Title>
  );
}
