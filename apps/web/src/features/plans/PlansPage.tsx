import { DEFAULT_PLAN_STATUS_FILTER, minutesToReload, PLAN_STATUSES, type Plan } from '@portal/domain';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ListPage } from '../common/ListPage';
import { buildListQuery, humanize } from '../common/listQuery';
import { statusColumn } from '../common/statusColumn';
import { useModalParam } from '../common/useModalParam';
import { listPlans, PLANS_KEY } from './api';
import { planPath } from './planPaths';

const STATUS_OPTIONS = PLAN_STATUSES.map((s) => ({ value: s, label: humanize(s) }));

/**
 * /projects (Plans): status filter (default active), search, page size; the server sorts active first, then by name,
 * or by the clicked column.
 */
export function PlansPage() {
  const ability = useAbility();
  // PUT projects/{uuid} is for regular users with PROJECTS_UPDATE; everyone else sees no pencil.
  const canEdit = ability.isRegularUser && ability.can('PROJECTS_UPDATE');
  const createModal = useModalParam('plan');
  const table = useTableState('plans', { filters: { status: [...DEFAULT_PLAN_STATUS_FILTER] } });
  const { status } = table.state.filters;
  // An emptied filter means every status.
  const params = { ...table.listParams, filters: { 'projects.status': status.length ? status : [...PLAN_STATUSES] } };
  const plans = useListQuery(PLANS_KEY, table, (signal) => listPlans(params, signal));

  return (
    <ListPage
      testId="plans-page"
      title="Plans"
      create={{
        permission: 'PROJECTS_CREATE',
        label: 'New plan',
        onClick: () => createModal.set('create'),
        testId: 'plans-new',
      }}
    >
      <DataTable<Plan>
        table={table}
        query={plans}
        testId="plans"
        searchPlaceholder="Search plans"
        filters={
          <FilterSelect
            table={table}
            field="status"
            options={STATUS_OPTIONS}
            placeholder="All statuses"
            minWidth={260}
            testId="plans-status-filter"
          />
        }
        exportSource={{ path: 'projects/export-all', query: buildListQuery(params) }}
        rowEdit={canEdit ? { url: 'projects' } : undefined}
        columns={[
          {
            key: 'title',
            priority: 1,
            title: 'Plan',
            dataIndex: 'title',
            sortKey: 'title',
            edit: { field: 'title', required: true, maxLength: 255 },
            render: (title: string, row) => (
              <Link to={planPath(row.uuid)} data-testid="plan-row-link">
                {title}
              </Link>
            ),
          },
          {
            key: 'client',
            priority: 2,
            title: 'Client',
            dataIndex: ['customer', 'business_name'],
            sortKey: 'client',
            render: (name: string | undefined) => <span data-testid="plan-row-client">{name ?? '—'}</span>,
          },
          { ...statusColumn<Plan>(STATUS_OPTIONS), priority: 1 },
          { key: 'type', priority: 3, title: 'Type', dataIndex: ['plan_type', 'display_name'] },
          {
            key: 'refill',
            priority: 2,
            title: 'Reload amount',
            dataIndex: 'refill',
            sortKey: 'refill',
            align: 'right',
            render: (minutes: number) => <span data-testid="plan-row-refill">{minutesToReload(minutes) || '—'}</span>,
          },
          { key: 'manager', priority: 3, title: 'Manager', dataIndex: ['project_manager', 'name'] },
          { key: 'start_date', priority: 1, title: 'Start date', dataIndex: 'start_date', sortKey: 'start_date' },
          {
            key: 'tasks',
            priority: 3,
            title: 'Tasks',
            render: (_: unknown, row) => (
              <Link to={`/tasks?project=${row.uuid}`} data-testid="plan-row-tasks">
                Tasks
              </Link>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
