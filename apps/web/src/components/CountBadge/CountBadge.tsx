import type { ReactNode } from 'react';
import './count-badge.css';

type Tone = 'error' | 'green' | 'orange';

/**
 * A count over an icon (the header's bell and timers) or beside a label (the sidebar's Mentions and Requests), as
 * antd's small Badge draws it: hidden at 0, "99+" past 99. Plain markup: these are on every screen, and antd's Badge
 * brings its number animation (~5 KB gzipped of the first download of /, issue 24) for a number.
 */
export function CountBadge({
  count,
  tone = 'error',
  children,
  testId,
}: {
  count: number;
  tone?: Tone;
  children?: ReactNode;
  testId?: string;
}) {
  const badge =
    count > 0 ? (
      <sup className={`count-badge-count count-badge-${tone}`} title={String(count)}>
        {count > 99 ? '99+' : count}
      </sup>
    ) : null;
  if (children === undefined) {
    return badge ? (
      <span className="count-badge count-badge-standalone" data-testid={testId}>
        {badge}
      </span>
    ) : null;
  }
  return (
    <span className="count-badge" data-testid={testId}>
      {children}
      {badge}
    </span>
  );
}
