import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PLAN_STATUS_FILTER, minutesToReload, PLAN_STATUSES, type Plan, type PlanStatus } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { tablePagination } from '../common/tablePagination';
import { useListState } from '../common/useListState';
import { useModalParam } from '../common/useModalParam';
import { listPlans, PLANS_KEY } from './api';

/** /projects (Plans): status filter (default active), search, page size; the server sorts active first, then by name. */
export function PlansPage() {
  const ability = useAbility();
  const createModal = useModalParam('plan');
  const list = useListState<{ status: PlanStatus[] }>({ status: [...DEFAULT_PLAN_STATUS_FILTER] });
  const plans = useQuery({
    queryKey: [...PLANS_KEY, 'list', list.page, list.size, list.debouncedSearch, list.filters],
    queryFn: ({ signal }) =>
      listPlans(
        {
          page: list.page,
          size: list.size,
          search: list.debouncedSearch,
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
          ability.can('PROJECTS_CREATE') ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => createModal.set('create')}
              data-testid="plans-new"
            >
              New plan
            </Button>
          ) : null
        }
      />
      <Space wrap className="list-toolbar">
        <Input.Search
          allowClear
          placeholder="Search plans"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          style={{ width: 260 }}
          data-testid="plans-search"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="All statuses"
          value={list.filters.status}
          onChange={(status: PlanStatus[]) => list.setFilters({ status })}
          options={PLAN_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          style={{ minWidth: 260 }}
          data-testid="plans-status-filter"
        />
      </Space>
      <Table<Plan>
        rowKey="uuid"
        size="middle"
        loading={plans.isFetching}
        dataSource={plans.data?.data ?? []}
        pagination={tablePagination(list, plans.data?.meta)}
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
        ]}
      />
    </div>
  );
}
