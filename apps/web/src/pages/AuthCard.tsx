import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEFAULT_APP_NAME, useConfig } from '../auth/queries';

/**
 * The centred card the sign-in, register and password screens share. Plain elements styled like antd's Card and
 * Typography (styles.css `.auth-card`): antd's Card statically imports Tabs, Dropdown, Menu and Skeleton, ~25 KB
 * gzipped of the first download of /login (budget 250 KB), and Typography would add ~20 KB more.
 */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const appName = useConfig()?.app_name ?? DEFAULT_APP_NAME;
  return (
    <main className="auth-page">
      <section className="auth-card">
        <div className="auth-brand">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <strong>{appName}</strong>
        </div>
        <h1 className="auth-title">{title}</h1>
        {children}
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </section>
      <nav className="auth-legal" aria-label="Legal">
        <Link to="/terms">Terms of Service</Link>
        <Link to="/privacy">Privacy Policy</Link>
      </nav>
    </main>
  );
}
