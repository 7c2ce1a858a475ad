import { DEFAULT_PLAN_STATUS_FILTER, minutesToReload, PLAN_STATUSES, type Plan, type PlanStatus } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { Link } from 'react-router';
import { ListToolbar, MultiSelectFilter, NewButton } from '../common/ListToolbar';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { listTableProps } from '../common/tablePagination';
import { pageParams, useListState } from '../common/useListState';
import { useModalParam } from '../common/useModalParam';
import { listPlans, PLANS_KEY } from './api';

/** /projects (Plans): status filter (default active), search, page size; the server sorts active first, then by name. */
export function PlansPage() {
  const createModal = useModalParam('plan');
  const list = useListState<{ status: PlanStatus[] }>({ status: [...DEFAULT_PLAN_STATUS_FILTER] });
  const plans = useQuery({
    queryKey: [...PLANS_KEY, 'list', list.page, list.size, list.debouncedSearch, list.filters],
    queryFn: ({ signal }) =>
      listPlans(
        {
          ...pageParams(list),
          // An emptied filter means every status.
          filters: { 'projects.status': list.filters.status.length ? list.filters.status : [...PLAN_STATUSES] },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="list-page" data-testid="plans-page">
      <PageHeader
        title="Plans"
        actions={
          <NewButton permission="PROJECTS_CREATE" onClick={() => createModal.set('create')} testId="plans-new">
            New plan
          </NewButton>
        }
      />
      <ListToolbar list={list} placeholder="Search plans" testId="plans-search">
        <MultiSelectFilter
          list={list}
          field="status"
          values={PLAN_STATUSES}
          minWidth={260}
          testId="plans-status-filter"
        />
      </ListToolbar>
      <Table<Plan>
        {...listTableProps(list, plans)}
        data-testid="plans-table"
        columns={[
          {
            title: 'Plan',
            dataIndex: 'title',
            render: (title: string, row) => (
              <Link to={`/projects/${row.uuid}/requests`} data-testid="plan-row-link">
                {title}
              </Link>
            ),
          },
          {
            title: 'Client',
            dataIndex: ['customer', 'business_name'],
            render: (name: string | undefined) => <span data-testid="plan-row-client">{name ?? '—'}</span>,
          },
          { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: 'Type', dataIndex: ['plan_type', 'display_name'] },
          {
            title: 'Reload amount',
            dataIndex: 'refill',
            align: 'right',
            render: (minutes: number) => <span data-testid="plan-row-refill">{minutesToReload(minutes) || '—'}</span>,
          },
          { title: 'Manager', dataIndex: ['project_manager', 'name'] },
          { title: 'Start date', dataIndex: 'start_date' },
          {
            title: 'Tasks',
            key: 'tasks',
            render: (_: unknown, row) => (
              <Link to={`/tasks?project=${row.uuid}`} data-testid="plan-row-tasks">
                Tasks
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
