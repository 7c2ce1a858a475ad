import { REPORT_DEFAULT_DAYS } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { getGeneralReport, REPORTS_KEY } from './api';
import { ReportTotals } from './ReportTotals';
import { formatHours, lastDays, usDate } from './reportFormat';

/** The overview's headline: completed time on requests and on tasks over the last 30 days (doc 2 §7). */
export function GeneralReportTotals() {
  const range = lastDays(REPORT_DEFAULT_DAYS);
  const report = useQuery({
    queryKey: [...REPORTS_KEY, 'general', range],
    queryFn: ({ signal }) => getGeneralReport({ date_from: range.from, date_to: range.to }, signal),
  });
  const hint = `${usDate(range.from)} – ${usDate(range.to)}, completed`;
  return (
    <div data-testid="general-report">
      <ReportTotals
        loading={report.isPending}
        figures={[
          { key: 'all-time', label: 'Time logged', value: formatHours(report.data?.total_time ?? 0), hint },
          { key: 'requests-time', label: 'On requests', value: formatHours(report.data?.requests_total_time ?? 0) },
          { key: 'tasks-time', label: 'On tasks', value: formatHours(report.data?.tasks_total_time ?? 0) },
        ]}
      />
    </div>
  );
}
