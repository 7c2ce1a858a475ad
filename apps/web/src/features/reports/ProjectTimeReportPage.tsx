import { formatUsd, PLAN_STATUSES, type ProjectTimeReportRow } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, FilterSelect, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { BudgetBar, CreditHistory } from '../plans/budget/BudgetPanel';
import { getProjectTimeReport, REPORTS_KEY } from './api';
import { PROJECT_TIME_FILTERS, PROJECT_TIME_SORT, projectTimeQuery } from './projectTimeQuery';
import { ReportNav } from './ReportNav';
import { ReportTotals } from './ReportTotals';
import { PLAN_TYPE_OPTIONS } from './reportFilterOptions';
import { formatHours } from './reportFormat';
import './reports.css';
import { PlanLink } from '../plans';

type Row = ProjectTimeReportRow;
type HoursField =
  | 'budget'
  | 'spent'
  | 'estimated'
  | 'estimated_original'
  | 'available'
  | 'available_from_timelogs'
  | 'total_credits'
  | 'total_timelogs';

function hoursColumn(key: HoursField, title: string, sortable = true): DataColumn<Row> {
  return {
    key,
    title,
    dataIndex: key,
    align: 'right',
    sortKey: sortable ? key : undefined,
    render: (minutes: number) => (
      <span className={minutes < 0 ? 'report-negative' : undefined} data-testid={`project-time-${key}`}>
        {formatHours(minutes)}
      </span>
    ),
  };
}

// The budget labels of doc 2 §9: Refil (credits), Timelog, Balance (credits minus timelogs), Available / budget.
const COLUMNS: DataColumn<Row>[] = [
  {
    key: 'title',
    title: 'Plan',
    sortKey: 'title',
    render: (_, row) => (
      <div className="report-cell-stack">
        <PlanLink uuid={row.uuid}>{row.title}</PlanLink>
        <span className="report-cell-sub">{row.customer?.business_name ?? '—'}</span>
      </div>
    ),
  },
  { key: 'status', title: 'Status', render: (_, row) => <StatusTag status={row.status} /> },
  hoursColumn('budget', 'Budget'),
  hoursColumn('spent', 'Spent'),
  // Null for viewers without CHARGES_READ: the column is dropped for them (moneyColumns below).
  {
    key: 'spent_amount',
    title: 'Spent (USD)',
    align: 'right',
    render: (_, row) => (
      <span data-testid="project-time-spent-amount">
        {row.spent_amount_cents === null ? '—' : formatUsd(row.spent_amount_cents)}
      </span>
    ),
  },
  hoursColumn('estimated', 'Estimated'),
  hoursColumn('estimated_original', 'Estimated (original)', false),
  hoursColumn('available', 'Available'),
  hoursColumn('total_credits', 'Refil'),
  hoursColumn('total_timelogs', 'Timelog'),
  hoursColumn('available_from_timelogs', 'Balance'),
  {
    key: 'bars',
    title: 'Of budget',
    render: (_, row) => (
      <div className="report-budget-bars">
        <BudgetBar label="Spent" percent={row.spent_percent} testId="report-spent-bar" />
        <BudgetBar label="Estimated" percent={row.estimated_percent} testId="report-estimated-bar" />
      </div>
    ),
  },
];

/**
 * /project-time-report (staff with PROJECTS_READ): each plan's budget for its current credit period against the
 * time spent and estimated (bars as a share of budget, danger past 100 %), its credits and time logs of all time,
 * and per plan the credit history (expand the row).
 */
export function ProjectTimeReportPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('PROJECTS_READ');
  const table = useTableState('project-time-report', {
    filters: PROJECT_TIME_FILTERS,
    sort: PROJECT_TIME_SORT,
    size: 50,
  });
  const query = useMemo(() => projectTimeQuery(table.state), [table.state]);
  const report = useQuery({
    queryKey: [...REPORTS_KEY, 'project-time', query],
    queryFn: ({ signal }) => getProjectTimeReport(query, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const totals = report.data?.totals;

  return (
    <div className="report-page" data-testid="project-time-report-page">
      <PageHeader title="Project time report" />
      <ReportNav />
      {report.isError ? <Alert type="error" showIcon title={describeError(report.error)} /> : null}
      <ReportTotals
        loading={report.isPending}
        figures={[
          { key: 'plans', label: 'Plans', value: report.data?.meta.total ?? 0 },
          { key: 'budget', label: 'Budget', value: formatHours(totals?.budget ?? 0), hint: 'This period' },
          { key: 'spent', label: 'Spent', value: formatHours(totals?.spent ?? 0), hint: 'This period' },
          ...(totals && totals.spent_amount_cents !== null
            ? [
                {
                  key: 'spent-amount',
                  label: 'Spent (USD)',
                  value: formatUsd(totals.spent_amount_cents),
                  hint: 'This period',
                },
              ]
            : []),
          { key: 'estimated', label: 'Estimated', value: formatHours(totals?.estimated ?? 0) },
          { key: 'available', label: 'Available', value: formatHours(totals?.available ?? 0) },
          {
            key: 'balance',
            label: 'Balance',
            value: formatHours(totals?.available_from_timelogs ?? 0),
            hint: `Refil ${formatHours(totals?.total_credits ?? 0)} − Timelog ${formatHours(totals?.total_timelogs ?? 0)}`,
          },
        ]}
      />
      <DataTable<Row>
        table={table}
        query={report}
        columns={ability.can('CHARGES_READ') ? COLUMNS : COLUMNS.filter((column) => column.key !== 'spent_amount')}
        testId="project-time"
        searchPlaceholder="Search plan or client"
        filters={
          <>
            <FilterSelect
              table={table}
              field="status"
              placeholder="All statuses"
              options={PLAN_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
              minWidth={200}
              testId="project-time-status"
            />
            <FilterSelect
              table={table}
              field="project_type"
              placeholder="All plan types"
              options={PLAN_TYPE_OPTIONS}
              testId="project-time-type"
            />
            <FilterSelect
              table={table}
              field="advertising"
              single
              placeholder="With or without advertising"
              options={[
                { value: '1', label: 'With advertising' },
                { value: '0', label: 'Without advertising' },
              ]}
              minWidth={210}
              testId="project-time-advertising"
            />
          </>
        }
        expandable={{
          expandedRowRender: (row) => (
            <div className="report-credit-history" data-testid="project-time-credits">
              <CreditHistory planUuid={row.uuid} />
            </div>
          ),
        }}
      />
    </div>
  );
}
