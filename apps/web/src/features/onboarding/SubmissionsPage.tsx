import { ONBOARDING_STATUSES, type OnboardingListItem } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Progress } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { getProcess, listOnboardings, ONBOARDINGS_KEY, PROCESS_KEY } from './api';
import { ViewSwitch } from './BoardPage';
import { stuckText } from './board';
import { OnboardingDrawer } from './OnboardingDrawer';
import { OnboardingNav } from './OnboardingNav';
import './onboarding.css';

const STATUS_LABELS = { open: 'In progress', done: 'Completed' } as const;
const day = (iso: string) => new Date(iso).toLocaleDateString();

/** /onboarding/submissions (ONBOARDING_READ): every client's onboarding in the table toolkit; a row opens it. */
export function OnboardingSubmissionsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const open = useModalParam('onboarding');
  const table = useTableState('onboardings', {
    filters: { status: [], current_step: [], customer_uuid: [], stuck: [] },
    sort: { by: 'last_activity_at', direction: 'desc' },
  });
  const { status, current_step, customer_uuid, stuck } = table.state.filters;
  const params = { ...table.listParams, filters: { status, current_step, customer_uuid, stuck: stuck[0] } };
  const rows = useListQuery(ONBOARDINGS_KEY, table, (signal) => listOnboardings(params, signal), {
    enabled: allowed,
  });
  const process = useQuery({ queryKey: PROCESS_KEY, queryFn: ({ signal }) => getProcess(signal), enabled: allowed });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="onboarding-submissions-page">
      <PageHeader title="Onboarding submissions" />
      <OnboardingNav />
      <DataTable<OnboardingListItem>
        table={table}
        query={rows}
        testId="onboardings"
        searchPlaceholder="Search clients"
        extra={<ViewSwitch current="table" />}
        filters={
          <>
            <FilterSelect
              table={table}
              field="status"
              options={ONBOARDING_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              placeholder="Any status"
              testId="onboardings-status-filter"
            />
            <FilterSelect
              table={table}
              field="current_step"
              options={(process.data?.steps ?? []).map((s) => ({ value: s.key, label: s.name }))}
              placeholder="Any step"
              testId="onboardings-step-filter"
            />
            <FilterSelect
              table={table}
              field="customer_uuid"
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              placeholder="All clients"
              testId="onboardings-client-filter"
            />
            <FilterSelect
              table={table}
              field="stuck"
              single
              options={[
                { value: '1', label: 'Stuck' },
                { value: '0', label: 'On time' },
              ]}
              placeholder="Stuck or not"
              testId="onboardings-stuck-filter"
            />
          </>
        }
        columns={[
          {
            key: 'customer',
            title: 'Client',
            dataIndex: 'customer',
            sortKey: 'customer',
            priority: 1,
            render: (_: unknown, row) => (
              <Button type="link" className="fa-open" onClick={() => open.set(row.uuid)} data-testid="onboarding-open">
                {row.customer.business_name}
              </Button>
            ),
          },
          {
            key: 'progress',
            title: 'Progress',
            dataIndex: 'progress',
            sortKey: 'progress',
            priority: 2,
            render: (value: number) => (
              <Progress percent={value} size="small" aria-label={`${value}% done`} style={{ minWidth: 90 }} />
            ),
          },
          {
            key: 'current_step',
            title: 'Current step',
            dataIndex: 'current_step',
            sortKey: 'current_step',
            priority: 3,
            render: (_: unknown, row) => (row.status === 'done' ? STATUS_LABELS.done : (row.current_step?.name ?? '—')),
          },
          {
            key: 'owner',
            title: 'Owner',
            dataIndex: 'owner',
            priority: 4,
            render: (_: unknown, row) => row.owner?.name ?? '—',
          },
          {
            key: 'started_at',
            title: 'Started',
            dataIndex: 'started_at',
            sortKey: 'started_at',
            priority: 5,
            render: day,
          },
          {
            key: 'last_activity_at',
            title: 'Last activity',
            dataIndex: 'last_activity_at',
            sortKey: 'last_activity_at',
            priority: 4,
            render: (value: string) => new Date(value).toLocaleString(),
          },
          {
            key: 'days_stuck',
            title: 'Days stuck',
            dataIndex: 'days_stuck',
            sortKey: 'days_stuck',
            priority: 3,
            render: (value: number) =>
              value > 0 ? (
                <span className="ob-stuck" title={stuckText(value) ?? undefined}>
                  {value}
                </span>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {open.value ? <OnboardingDrawer uuid={open.value} onClose={open.close} /> : null}
    </div>
  );
}
