import './dashboard.css';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { SmsPromptSlot } from '../../layout/slots';
import type { PageProps } from '../../routes/pageProps';
import { DASHBOARD_KEY, getDashboard } from './api';
import { ActivityBlock, MentionsBlock, RequestsBlock, TimerBlock, WeekBlock } from './DashboardBlocks';
import { DashboardCard } from './DashboardCard';
import { DashboardTasks } from './DashboardTasks';

/** The loading bars' keys: eight rows, as antd's Skeleton with `paragraph={{ rows: 8 }}` drew. */
const SKELETON_ROWS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'];

// Shown only when the dashboard fails to load, so it is not part of the first download.
const Alert = lazy(() => import('antd/es/alert'));
// The billing block is a table-toolkit list (table, filters, date pickers: ~170 KB gzipped) that only staff with
// CHARGES_READ see; loaded with it, not with everyone's first screen (bench bundle).
const OverdueInvoicesBlock = lazy(() => import('../billing').then((m) => ({ default: m.OverdueInvoicesBlock })));

function greeting(hour: number): string {
  if (hour >= 5 && hour < 12) {
    return 'Good morning';
  }
  if (hour >= 12 && hour < 17) {
    return 'Good afternoon';
  }
  return hour >= 17 && hour < 21 ? 'Good evening' : 'Hello';
}

/** The first screen after sign-in (/): what needs this person today, from one call (GET dashboard). */
export function DashboardPage({ label }: PageProps) {
  const user = useCurrentUser().data;
  const allowed = useAbility().can('DASHBOARD_READ');
  const dashboard = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => getDashboard(signal),
    // Task writes and timer actions invalidate the tasks key this one starts with; a minute covers others' changes.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    enabled: allowed,
  });
  const data = dashboard.data;
  const firstName = user?.name.split(' ')[0];

  return (
    <div className="dashboard-page" data-testid="dashboard-page">
      <h1 className="dashboard-title" data-testid="page-title">
        {label}
      </h1>
      {firstName ? (
        <p className="dashboard-greeting">
          {greeting(new Date().getHours())}, {firstName}.
        </p>
      ) : null}
      <SmsPromptSlot />
      {!allowed ? (
        <p className="dashboard-empty" data-testid="dashboard-not-allowed">
          Your role does not include the dashboard. Use the menu to open your tasks and requests.
        </p>
      ) : dashboard.isError ? (
        <Suspense fallback={<p className="dashboard-empty">The dashboard could not be loaded.</p>}>
          <Alert
            type="error"
            showIcon
            message="The dashboard could not be loaded."
            action={
              <Button size="small" onClick={() => dashboard.refetch()}>
                Retry
              </Button>
            }
          />
        </Suspense>
      ) : !data ? (
        <div
          className="dashboard-skeleton"
          role="status"
          aria-label="Loading the dashboard"
          data-testid="dashboard-loading"
        >
          {/* antd's Skeleton look in CSS (dashboard.css): the dashboard is the first screen, its JS kept small. */}
          {SKELETON_ROWS.map((row) => (
            <span key={row} />
          ))}
        </div>
      ) : (
        <div className="dashboard-grid">
          <DashboardTasks tasks={data.tasks} />
          {data.timer ? <TimerBlock timer={data.timer} /> : null}
          {data.week ? <WeekBlock week={data.week} /> : null}
          {data.requests ? <RequestsBlock requests={data.requests} /> : null}
          {data.mentions ? <MentionsBlock unread={data.mentions.unread} /> : null}
          {data.activity ? <ActivityBlock activity={data.activity} /> : null}
          {/* Regular staff with CHARGES_READ (the block checks): every client's overdue card-payment invoices. */}
          <Suspense fallback={null}>
            <OverdueInvoicesBlock Card={DashboardCard} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
