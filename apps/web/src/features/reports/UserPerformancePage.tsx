import type { UserPerformanceRow } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, FilterSelect, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { getUserPerformance, REPORTS_KEY } from './api';
import { GeneralReportTotals } from './GeneralReportTotals';
import { PerformanceChart } from './LazyChart';
import { PERFORMANCE_FILTERS, PERFORMANCE_SORT, performanceListQuery } from './performanceQuery';
import { ReportNav } from './ReportNav';
import { ReportTotals } from './ReportTotals';
import { CATEGORY_OPTIONS, PLAN_TYPE_OPTIONS, SOURCE_OPTIONS, USER_TYPE_OPTIONS } from './reportFilterOptions';
import { formatHours, formatPercent, percentOf, usDate } from './reportFormat';
import { UserPerformanceDrawer } from './UserPerformanceDrawer';
import './reports.css';

/** The toolkit keys rows by uuid; a person's row is keyed by the person. */
type Row = UserPerformanceRow & { uuid: string };
/** The drill-in's address parameter (not 'user', which opens the user modal from anywhere). */
const PERSON_PARAM = 'person';

const percentColumn = (
  key: 'logged_percent' | 'billable_share' | 'on_time_rate' | 'estimate_accuracy',
  title: string,
): DataColumn<Row> => ({
  key,
  title,
  dataIndex: key,
  align: 'right',
  sortKey: key,
  render: (value: number | null) => formatPercent(value),
});

/**
 * /report/user-performance (Users report) and /report (the reports overview, which adds the completed time on
 * requests and tasks): per person over the 30-day window (doc 1 §9) hours logged against expected, billable share,
 * tasks and requests completed, on-time rate and estimate accuracy; the team's hours per day; a row opens the
 * person's detail.
 */
function PerformanceReport({ overview }: { overview: boolean }) {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('PROJECTS_READ');
  const [params, setParams] = useSearchParams();
  const table = useTableState(overview ? 'reports-overview' : 'user-performance', {
    filters: PERFORMANCE_FILTERS,
    sort: PERFORMANCE_SORT,
    size: 50,
  });
  const query = useMemo(() => performanceListQuery(table.state), [table.state]);
  const report = useQuery({
    queryKey: [...REPORTS_KEY, 'user-performance', query],
    queryFn: ({ signal }) => getUserPerformance(query, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const { filters } = table.state;
  const totals = report.data?.totals;
  const rows = report.data
    ? { data: report.data.data.map((row) => ({ ...row, uuid: row.user.uuid })), meta: report.data.meta }
    : undefined;
  const window = report.data?.meta.window;
  const openPerson = (uuid: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (uuid) {
        next.set(PERSON_PARAM, uuid);
      } else {
        next.delete(PERSON_PARAM);
      }
      return next;
    });
  const columns: DataColumn<Row>[] = [
    {
      key: 'name',
      title: 'Person',
      sortKey: 'name',
      render: (_: unknown, row: Row) => (
        <div className="report-cell-stack">
          <Button
            type="link"
            size="small"
            className="report-link"
            onClick={() => openPerson(row.user.uuid)}
            data-testid="user-performance-open"
          >
            {row.user.name}
          </Button>
          <span className="report-cell-sub">{humanize(row.user.type)}</span>
        </div>
      ),
    },
    {
      key: 'logged_minutes',
      title: 'Logged',
      align: 'right',
      sortKey: 'logged_minutes',
      render: (_: unknown, row: Row) => formatHours(row.logged_minutes),
    },
    {
      key: 'expected',
      title: 'Expected',
      align: 'right',
      render: (_: unknown, row: Row) => formatHours(row.expected_minutes),
    },
    percentColumn('logged_percent', 'Of expected'),
    percentColumn('billable_share', 'Billable'),
    {
      key: 'tasks_completed',
      title: 'Tasks done',
      dataIndex: 'tasks_completed',
      align: 'right' as const,
      sorter: true,
    },
    {
      key: 'requests_completed',
      title: 'Requests done',
      dataIndex: 'requests_completed',
      align: 'right' as const,
      sorter: true,
    },
    percentColumn('on_time_rate', 'On time'),
    percentColumn('estimate_accuracy', 'Estimate accuracy'),
  ];

  const logged = totals?.logged_minutes ?? 0;

  return (
    <div className="report-page" data-testid={overview ? 'reports-overview-page' : 'user-performance-page'}>
      <PageHeader title={overview ? 'Reports' : 'Users report'} />
      <ReportNav />
      {overview ? <GeneralReportTotals /> : null}
      <div className="report-filters" data-testid="user-performance-filters">
        <FilterSelect
          table={table}
          field="user_type"
          placeholder="All user types"
          options={USER_TYPE_OPTIONS}
          minWidth={160}
          testId="user-performance-user-type"
        />
        <FilterSelect
          table={table}
          field="category"
          placeholder="All categories"
          options={CATEGORY_OPTIONS}
          minWidth={160}
          testId="user-performance-category"
        />
        <FilterSelect
          table={table}
          field="source"
          placeholder="All sources"
          options={SOURCE_OPTIONS}
          minWidth={160}
          testId="user-performance-source"
        />
        <FilterSelect
          table={table}
          field="project_type"
          placeholder="All plan types"
          options={PLAN_TYPE_OPTIONS}
          minWidth={160}
          testId="user-performance-project-type"
        />
        <DatePicker
          allowClear
          format="MM/DD/YYYY"
          placeholder="30 days to today"
          aria-label="Window ends on"
          value={filters.until?.[0] ? dayjs(filters.until[0]) : null}
          onChange={(day) => table.setFilter('until', day ? [day.format('YYYY-MM-DD')] : [])}
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          className="report-filter"
          data-testid="user-performance-until"
        />
      </div>
      {report.isError ? <Alert type="error" showIcon title={describeError(report.error)} /> : null}
      <ReportTotals
        loading={report.isPending}
        figures={[
          {
            key: 'logged',
            label: 'Logged',
            value: formatHours(logged),
            hint: window ? `${usDate(window.date_from)} – ${usDate(window.date_to)}` : undefined,
          },
          {
            key: 'expected',
            label: 'Expected',
            value: formatHours(totals?.expected_minutes ?? 0),
            hint: `${formatPercent(totals?.expected_minutes ? percentOf(logged, totals.expected_minutes) : null)} logged`,
          },
          {
            key: 'billable',
            label: 'Billable',
            value: formatHours(totals?.billable_minutes ?? 0),
            hint: `${formatPercent(logged ? percentOf(totals?.billable_minutes ?? 0, logged) : null)} of logged`,
          },
          { key: 'tasks', label: 'Tasks completed', value: totals?.tasks_completed ?? 0 },
          { key: 'requests', label: 'Requests completed', value: totals?.requests_completed ?? 0 },
        ]}
      />
      <Card size="small" className="report-card" title="Team hours per day">
        {totals ? <PerformanceChart days={totals.by_day} /> : <div className="report-chart-fallback" />}
      </Card>
      <DataTable<Row>
        table={table}
        query={{ data: rows, isFetching: report.isFetching, refetch: report.refetch }}
        columns={columns}
        testId="user-performance"
        searchPlaceholder="Search people"
        onRow={(row) => ({ onDoubleClick: () => openPerson(row.uuid) })}
      />
      <UserPerformanceDrawer userUuid={params.get(PERSON_PARAM)} filters={filters} onClose={() => openPerson(null)} />
    </div>
  );
}

export function UserPerformancePage() {
  return <PerformanceReport overview={false} />;
}

export function ReportsOverviewPage() {
  return <PerformanceReport overview />;
}
