import { APP_USER_TYPES, PROJECT_TYPES, type ProjectUser, TIMELOG_CATEGORIES, TIMELOG_SOURCES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useAbility } from '../../auth/useAbility';
import type { TableController } from '../../components/DataTable/useTableState';
import { humanize } from '../common/listQuery';
import { listAssignableUsers, listPlanChoices } from '../tasks/api';
import { reportRange, TIMELOG_REPORT_FILTERS } from './timelogReportQuery';

const CATEGORY_LABELS: Record<string, string> = {
  billable: 'Billable',
  'non-billable': 'Non-billable',
  'sgm-non-billable': 'SGM non-billable',
};

export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? humanize(category);

/**
 * The timelog report's filters (doc 2 §7): dates, plan, person, user type, plan type, source, category, missed only.
 * Freelancers see only their own time (the server holds them to it), so the plan, person and type pickers are
 * staff-only.
 */
export function TimelogReportFilters({ table }: { table: TableController }) {
  const ability = useAbility();
  const staff = ability.isRegularUser && ability.can('PROJECTS_READ');
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
  const range = reportRange(filters);
  const one = (key: string) => (value: string | undefined) => table.setFilter(key, value ? [value] : []);
  const many = (key: string) => (values: string[]) => table.setFilter(key, values);
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
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="All plans"
          aria-label="Plan"
          value={filters.project?.[0]}
          onChange={one('project')}
          options={(plans.data ?? []).map((p) => ({ value: p.uuid, label: p.title }))}
          className="report-filter-wide"
          data-testid="timelog-report-plan"
        />
      ) : null}
      {ability.isRegularUser ? (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="All people"
          aria-label="Person"
          value={filters.person?.[0]}
          onChange={one('person')}
          options={(users.data ?? []).map((u: ProjectUser) => ({ value: u.uuid, label: u.name }))}
          className="report-filter-wide"
          data-testid="timelog-report-person"
        />
      ) : null}
      {ability.isRegularUser ? (
        <Select
          mode="multiple"
          allowClear
          placeholder="All user types"
          aria-label="User type"
          value={filters.user_type}
          onChange={many('user_type')}
          options={APP_USER_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
          maxTagCount="responsive"
          className="report-filter"
          data-testid="timelog-report-user-type"
        />
      ) : null}
      <Select
        mode="multiple"
        allowClear
        placeholder="All plan types"
        aria-label="Plan type"
        value={filters.project_type}
        onChange={many('project_type')}
        options={PROJECT_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
        maxTagCount="responsive"
        className="report-filter"
        data-testid="timelog-report-project-type"
      />
      <Select
        mode="multiple"
        allowClear
        placeholder="All sources"
        aria-label="Source"
        value={filters.source}
        onChange={many('source')}
        options={TIMELOG_SOURCES.map((t) => ({ value: t, label: humanize(t) }))}
        maxTagCount="responsive"
        className="report-filter"
        data-testid="timelog-report-source"
      />
      <Select
        mode="multiple"
        allowClear
        placeholder="All categories"
        aria-label="Category"
        value={filters.category}
        onChange={many('category')}
        options={TIMELOG_CATEGORIES.map((t) => ({ value: t, label: categoryLabel(t) }))}
        maxTagCount="responsive"
        className="report-filter"
        data-testid="timelog-report-category"
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
