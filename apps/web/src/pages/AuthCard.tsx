import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_APP_NAME, useConfig } from '../auth/queries';

/**
 * The centred card the sign-in, register and password screens share. Plain headings rather than antd Typography,
 * which would add ~20 KB gzipped to the first download of /login.
 */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const appName = useConfig()?.app_name ?? DEFAULT_APP_NAME;
  return (
    <main className="auth-page">
      <Card className="auth-card">
        <div className="auth-brand">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <strong>{appName}</strong>
        </div>
        <h1 className="auth-title">{title}</h1>
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </Card>
      <nav className="auth-legal" aria-label="Legal">
        <Link to="/terms">Terms of Service</Link>
        <Link to="/privacy">Privacy Policy</Link>
      </nav>
    </main>
  );
}
