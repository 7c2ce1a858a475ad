import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton } from 'antd';
import { Link } from 'react-router';
import { describeError } from '../../api/errors';
import type { TableFilters } from '../../components/DataTable/tableState';
import { humanize } from '../common/listQuery';
import { useDrawerWidth } from '../tasks/useDrawerWidth';
import { getUserPerformanceDetail, REPORTS_KEY } from './api';
import { PerformanceChart } from './LazyChart';
import { performanceFilterQuery } from './performanceQuery';
import { formatHours, formatPercent, usDate } from './reportFormat';
import { CategoryTable, SourceTable, TopPlansTable } from './UserPerformanceBreakdowns';

/** One person's 30 days in detail: the figures, hours per day against the expected pace, and where the time went. */
export function UserPerformanceDrawer({
  userUuid,
  filters,
  onClose,
}: {
  userUuid: string | null;
  filters: TableFilters;
  onClose(): void;
}) {
  const width = useDrawerWidth();
  const query = performanceFilterQuery(filters);
  const detail = useQuery({
    queryKey: [...REPORTS_KEY, 'user-performance', userUuid, query],
    queryFn: ({ signal }) => getUserPerformanceDetail(userUuid ?? '', query, signal),
    enabled: Boolean(userUuid),
  });
  const d = detail.data;
  return (
    <Drawer
      open={Boolean(userUuid)}
      onClose={onClose}
      size={width}
      title={d ? d.user.name : 'Person'}
      destroyOnHidden
      data-testid="user-performance-drawer"
    >
      {detail.isError ? <Alert type="error" showIcon title={describeError(detail.error)} /> : null}
      {!d ? (
        detail.isPending ? (
          <Skeleton active />
        ) : null
      ) : (
        <div className="report-detail" data-testid="user-performance-detail">
          <p className="report-cell-sub">
            {humanize(d.user.type)} · {usDate(d.window.date_from)} – {usDate(d.window.date_to)}
          </p>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            bordered
            items={[
              {
                key: 'logged',
                label: 'Logged / expected',
                children: `${formatHours(d.logged_minutes)} / ${formatHours(d.expected_minutes)} (${formatPercent(d.logged_percent)})`,
              },
              {
                key: 'billable',
                label: 'Billable',
                children: `${formatHours(d.billable_minutes)} (${formatPercent(d.billable_share)})`,
              },
              { key: 'tasks', label: 'Tasks completed', children: d.tasks_completed },
              { key: 'requests', label: 'Requests completed', children: d.requests_completed },
              { key: 'on-time', label: 'On time', children: formatPercent(d.on_time_rate) },
              { key: 'accuracy', label: 'Estimate accuracy', children: formatPercent(d.estimate_accuracy) },
            ]}
          />
          <h4 className="report-detail-title">Hours per day</h4>
          <PerformanceChart days={d.by_day} height={220} />
          <div className="report-charts">
            <CategoryTable detail={detail} />
            <SourceTable detail={detail} />
          </div>
          <h4 className="report-detail-title">Top plans</h4>
          <TopPlansTable detail={detail} />
          <p>
            <Link
              to={`/timelog-report?person=${d.user.uuid}&dates=${d.window.date_from},${d.window.date_to}`}
              data-testid="user-performance-logs-link"
            >
              See these time logs
            </Link>
          </p>
        </div>
      )}
    </Drawer>
  );
}
