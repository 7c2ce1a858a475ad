import type { ProjectUser, ReportWindow } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useAbility } from '../../auth/useAbility';
import { FilterSelect } from '../../components/DataTable';
import type { TableController } from '../../components/DataTable/useTableState';
import { listAssignableUsers, listPlanChoices } from '../tasks/api';
import { CATEGORY_OPTIONS, PLAN_TYPE_OPTIONS, SOURCE_OPTIONS, USER_TYPE_OPTIONS } from './reportFilterOptions';
import { reportRange, TIMELOG_REPORT_FILTERS } from './timelogReportQuery';

/**
 * The timelog report's filters (doc 2 §7): dates, plan, person, user type, plan type, source, category, missed only.
 * Freelancers see only their own time (the server holds them to it), so the plan, person and type pickers are
 * staff-only.
 */
export function TimelogReportFilters({
  table,
  served,
}: {
  table: TableController;
  /** The range the server answered with when none is chosen (the agency's last 30 days). */
  served?: ReportWindow;
}) {
  const ability = useAbility();
  const staff = ability.mayListPlans;
  const { filters } = table.state;
  const plans = useQuery({
    queryKey: ['plans', 'lite', 'report-choices'],
    queryFn: ({ signal }) => listPlanChoices(signal),
    enabled: staff,
    staleTime: 60_000,
  });
  const users = useQuery({
    queryKey: ['project-users', 'assignable'],
    queryFn: ({ signal }) => listAssignableUsers(signal),
    enabled: ability.isRegularUser,
    staleTime: 60_000,
  });
  const range = reportRange(filters, served);
  const changed = Object.entries(TIMELOG_REPORT_FILTERS).some(
    ([key, fallback]) => key !== 'stack' && (filters[key] ?? []).join(',') !== fallback.join(','),
  );

  return (
    <div className="report-filters" data-testid="timelog-report-filters">
      <DatePicker.RangePicker
        allowClear={false}
        format="MM/DD/YYYY"
        value={[dayjs(range.from), dayjs(range.to)]}
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (from && to) {
            table.setFilter('dates', [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')]);
          }
        }}
        presets={[
          { label: 'Last 7 days', value: [dayjs().subtract(6, 'day'), dayjs()] },
          { label: 'Last 30 days', value: [dayjs().subtract(29, 'day'), dayjs()] },
          { label: 'This week', value: [dayjs().day(1), dayjs()] },
          { label: 'This month', value: [dayjs().startOf('month'), dayjs()] },
        ]}
        aria-label="Dates"
        data-testid="timelog-report-dates"
      />
      {staff ? (
        <FilterSelect
          table={table}
          field="project"
          single
          searchable
          placeholder="All plans"
          label="Plan"
          options={(plans.data ?? []).map((p) => ({ value: p.uuid, label: p.title }))}
          minWidth={null}
          className="report-filter-wide"
          testId="timelog-report-plan"
        />
      ) : null}
      {ability.isRegularUser ? (
        <FilterSelect
          table={table}
          field="person"
          single
          searchable
          placeholder="All people"
          label="Person"
          options={(users.data ?? []).map((u: ProjectUser) => ({ value: u.uuid, label: u.name }))}
          minWidth={null}
          className="report-filter-wide"
          testId="timelog-report-person"
        />
      ) : null}
      {ability.isRegularUser ? (
        <FilterSelect
          table={table}
          field="user_type"
          placeholder="All user types"
          label="User type"
          options={USER_TYPE_OPTIONS}
          minWidth={null}
          className="report-filter"
          testId="timelog-report-user-type"
        />
      ) : null}
      <FilterSelect
        table={table}
        field="project_type"
        placeholder="All plan types"
        label="Plan type"
        options={PLAN_TYPE_OPTIONS}
        minWidth={null}
        className="report-filter"
        testId="timelog-report-project-type"
      />
      <FilterSelect
        table={table}
        field="source"
        placeholder="All sources"
        label="Source"
        options={SOURCE_OPTIONS}
        minWidth={null}
        className="report-filter"
        testId="timelog-report-source"
      />
      <FilterSelect
        table={table}
        field="category"
        placeholder="All categories"
        label="Category"
        options={CATEGORY_OPTIONS}
        minWidth={null}
        className="report-filter"
        testId="timelog-report-category"
      />
      <Checkbox
        checked={filters.missed?.[0] === '1'}
        onChange={(e) => table.setFilter('missed', e.target.checked ? ['1'] : [])}
        data-testid="timelog-report-missed"
      >
        Missed only
      </Checkbox>
      {changed ? (
        <Button type="link" onClick={() => table.reset()} data-testid="timelog-report-reset">
          Reset filters
        </Button>
      ) : null}
    </div>
  );
}
