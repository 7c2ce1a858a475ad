import { formatUsd } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Grid, Segmented, Tabs } from 'antd';
import { useMemo } from 'react';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { PageHeader } from '../common/PageHeader';
import { getTimeLogReport, REPORTS_KEY } from './api';
import { stackDays } from './chartSeries';
import { StackedDayChart } from './LazyChart';
import { ReportNav } from './ReportNav';
import { ReportTotals } from './ReportTotals';
import { formatHours, formatPercent, percentOf, usDate } from './reportFormat';
import { MissedDaysTable, ProjectTotalsTable, UserTotalsTable } from './TimelogReportBreakdowns';
import { TimelogReportFilters } from './TimelogReportFilters';
import { TimelogReportTable } from './TimelogReportTable';
import {
  dayCells,
  reportRange,
  stackBy,
  TIMELOG_REPORT_FILTERS,
  TIMELOG_REPORT_SORT,
  timelogReportQuery,
} from './timelogReportQuery';
import './reports.css';

/**
 * /timelog-report (Timelog in the sidebar, TIMELOG_READ): where the time went over a range (default the last 30
 * days) — totals, hours per day stacked by person or by plan, the logs, per-person and per-plan totals, the days
 * people fell behind, and an export of every matching log. Freelancers get their own time only (the server decides).
 */
const TIMELOG_REPORT_PAGE_SIZE = 500;

export function TimelogReportPage() {
  const ability = useAbility();
  const screens = Grid.useBreakpoint();
  const allowed = ability.can('TIMELOG_READ');
  const table = useTableState('timelog-report', {
    filters: TIMELOG_REPORT_FILTERS,
    sort: TIMELOG_REPORT_SORT,
    // The timelog report pages by 500 (doc 2 §9), the most the report call answers.
    size: TIMELOG_REPORT_PAGE_SIZE,
    pageSizes: [50, 100, 200, TIMELOG_REPORT_PAGE_SIZE],
  });
  const { filters, page, size, sort } = table.state;
  const query = useMemo(() => timelogReportQuery(filters, { page, size, sort }), [filters, page, size, sort]);
  const report = useQuery({
    queryKey: [...REPORTS_KEY, 'time-logs', query],
    queryFn: ({ signal }) => getTimeLogReport(query, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const served = report.data?.meta.window;
  const range = reportRange(filters, served);
  const by = stackBy(filters);
  const totals = report.data?.totals;
  const chart = useMemo(
    () => (totals ? stackDays(dayCells(totals, by), range.from, range.to, by === 'project' ? 11 : 8) : null),
    [totals, by, range.from, range.to],
  );
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const loading = report.isPending;
  const total = totals?.total ?? 0;
  const billable = totals?.billable ?? 0;
  const missedPeople = new Set((totals?.missed ?? []).map((m) => m.user_uuid)).size;

  return (
    <div className="report-page" data-testid="timelog-report-page">
      <PageHeader title="Timelog" />
      <ReportNav />
      <TimelogReportFilters table={table} served={served} />
      {report.isError ? <Alert type="error" showIcon title={describeError(report.error)} /> : null}
      <ReportTotals
        loading={loading}
        figures={[
          {
            key: 'total',
            label: 'Total time',
            value: formatHours(total),
            hint: `${usDate(range.from)} – ${usDate(range.to)}`,
          },
          {
            key: 'billable',
            label: 'Billable',
            value: formatHours(billable),
            hint: `${formatPercent(total > 0 ? percentOf(billable, total) : null)} of the time`,
          },
          ...(totals && totals.amount_cents !== null
            ? [{ key: 'amount', label: 'Amount', value: formatUsd(totals.amount_cents), hint: 'At the hourly rates' }]
            : []),
          { key: 'logs', label: 'Time logs', value: report.data?.meta.total ?? 0 },
          {
            key: 'people',
            label: 'People',
            value: totals?.by_user.length ?? 0,
            hint: `${missedPeople} behind on hours`,
          },
          { key: 'plans', label: 'Plans', value: totals?.by_project_count ?? 0 },
        ]}
      />
      <Card
        size="small"
        className="report-card"
        title="Hours per day"
        extra={
          <Segmented
            size="small"
            value={by}
            onChange={(value) => table.setFilter('stack', [String(value)])}
            options={[
              { value: 'user', label: 'By person' },
              { value: 'project', label: 'By plan' },
            ]}
            data-testid="timelog-report-stack"
          />
        }
      >
        {chart ? <StackedDayChart data={chart} /> : <div className="report-chart-fallback" />}
      </Card>
      <Tabs
        className="report-tabs"
        // On a phone the four tabs must fit: once they overflow, antd puts its "more" button inside the tablist,
        // which axe rightly reports (a tablist may own only tabs).
        tabBarGutter={screens.sm ? undefined : 12}
        items={[
          {
            key: 'logs',
            label: 'Time logs',
            children: <TimelogReportTable table={table} report={report} />,
          },
          { key: 'people', label: 'By person', children: <UserTotalsTable report={report} /> },
          { key: 'plans', label: 'By plan', children: <ProjectTotalsTable report={report} /> },
          {
            key: 'missed',
            label: `Missed days${totals?.missed.length ? ` (${totals.missed.length})` : ''}`,
            children: <MissedDaysTable report={report} />,
          },
        ]}
      />
    </div>
  );
}
