import type { ReactNode } from 'react';

/** One block of the dashboard: a titled section; `extra` holds the link to the block's own screen. */
export function DashboardCard(props: {
  title: string;
  testId: string;
  extra?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const headingId = `${props.testId}-title`;
  return (
    <section
      className={props.wide ? 'dashboard-card dashboard-card-wide' : 'dashboard-card'}
      aria-labelledby={headingId}
      data-testid={props.testId}
    >
      <header className="dashboard-card-head">
        <h2 id={headingId}>{props.title}</h2>
        {props.extra}
      </header>
      {props.children}
    </section>
  );
}
