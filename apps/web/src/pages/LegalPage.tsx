import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <main className="legal-page">
      <Link to="/" className="legal-brand">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>Agency Portal</span>
      </Link>
      <Typography>
        <Typography.Title level={1}>{title}</Typography.Title>
        <Typography.Paragraph type="secondary">Last updated {updated}</Typography.Paragraph>
        {children}
      </Typography>
    </main>
  );
}
