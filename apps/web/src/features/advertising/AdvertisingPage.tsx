import {
  AD_CAMPAIGN_STATUSES,
  AD_PLATFORM_LABELS,
  AD_PLATFORMS,
  type AdCampaignStatus,
  type AdPlatform,
  type Campaign,
  formatUsd,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { CAMPAIGNS_KEY, listCampaigns } from './api';
import { CampaignDrawer } from './CampaignDrawer';
import { ImportDialog } from './ImportDialog';
import './advertising.css';

export const STATUS_LABELS: Record<AdCampaignStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};
const STATUS_COLORS: Record<AdCampaignStatus, string> = {
  draft: 'default',
  active: 'green',
  paused: 'orange',
  ended: 'blue',
};

/**
 * /advertising (PRODUCTS_READ): every client's ad campaigns in the table toolkit; a row opens the campaign
 * (`?campaign=<uuid>`, `?campaign=new`); "Import CSV" reads an ad platform's export into the daily figures.
 */
export function AdvertisingPage() {
  const ability = useAbility();
  const allowed = ability.can('PRODUCTS_READ');
  const open = useModalParam('campaign');
  const [importing, setImporting] = useState(false);
  const table = useTableState('campaigns', { filters: { platform: [], status: [], customer_uuid: [] } });
  const { platform, status, customer_uuid } = table.state.filters;
  const params = { ...table.listParams, filters: { platform, status, customer_uuid } };
  const campaigns = useListQuery(CAMPAIGNS_KEY, table, (signal) => listCampaigns(params, signal), {
    enabled: allowed,
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed && ability.can('CUSTOMERS_READ'),
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const clientOptions = (customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }));
  const mayImport = ability.isRegularUser && ability.can('PRODUCTS_UPDATE') && ability.can('CUSTOMERS_READ');
  return (
    <div className="list-page" data-testid="advertising-page">
      <PageHeader
        title="Advertising"
        actions={
          <Space wrap>
            {mayImport ? (
              <Button onClick={() => setImporting(true)} data-testid="campaign-import">
                Import CSV
              </Button>
            ) : null}
            {ability.can('PRODUCTS_CREATE') && ability.can('CUSTOMERS_READ') ? (
              <Button type="primary" onClick={() => open.set('new')} data-testid="campaign-new">
                New campaign
              </Button>
            ) : null}
          </Space>
        }
      />
      <DataTable<Campaign>
        table={table}
        query={campaigns}
        testId="campaigns"
        searchPlaceholder="Search campaign or client"
        filters={
          <>
            <FilterSelect
              table={table}
              field="platform"
              options={AD_PLATFORMS.map((value) => ({ value, label: AD_PLATFORM_LABELS[value] }))}
              placeholder="Any platform"
              testId="campaigns-platform-filter"
            />
            <FilterSelect
              table={table}
              field="status"
              options={AD_CAMPAIGN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              placeholder="Any status"
              testId="campaigns-status-filter"
            />
            {clientOptions.length ? (
              <FilterSelect
                table={table}
                field="customer_uuid"
                options={clientOptions}
                placeholder="All clients"
                testId="campaigns-client-filter"
              />
            ) : null}
          </>
        }
        columns={[
          {
            key: 'name',
            title: 'Campaign',
            dataIndex: 'name',
            sortKey: 'name',
            priority: 1,
            render: (_: unknown, row) => (
              <Button
                type="link"
                className="campaign-name"
                onClick={() => open.set(row.uuid)}
                data-testid="campaign-open"
              >
                {row.name}
              </Button>
            ),
          },
          {
            key: 'customer',
            title: 'Client',
            dataIndex: 'customer',
            sortKey: 'customer',
            priority: 2,
            render: (_: unknown, row) => row.customer.business_name,
          },
          {
            key: 'platform',
            title: 'Platform',
            dataIndex: 'platform',
            sortKey: 'platform',
            priority: 2,
            render: (value: AdPlatform) => AD_PLATFORM_LABELS[value],
          },
          {
            key: 'budget',
            title: 'Budget',
            dataIndex: 'budget',
            priority: 3,
            align: 'right',
            render: (_: unknown, row) =>
              row.budget === null
                ? '—'
                : `${formatUsd(row.budget)} ${row.budget_type === 'daily' ? '/ day' : 'lifetime'}`,
          },
          {
            key: 'spend',
            title: 'Spend',
            dataIndex: 'spend',
            sortKey: 'spend',
            priority: 2,
            align: 'right',
            render: (value: number) => formatUsd(value),
          },
          {
            key: 'dates',
            title: 'Runs',
            dataIndex: 'start_date',
            sortKey: 'start_date',
            priority: 3,
            render: (_: unknown, row) => (row.start_date ? `${row.start_date} – ${row.end_date ?? 'ongoing'}` : '—'),
          },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            sortKey: 'status',
            priority: 1,
            render: (value: AdCampaignStatus) => <Tag color={STATUS_COLORS[value]}>{STATUS_LABELS[value]}</Tag>,
          },
        ]}
      />
      {open.value ? (
        <CampaignDrawer
          uuid={open.value === 'new' ? null : open.value}
          clients={clientOptions}
          onCreated={(uuid) => open.set(uuid, { replace: true })}
          onClose={open.close}
        />
      ) : null}
      {importing ? <ImportDialog clients={clientOptions} onClose={() => setImporting(false)} /> : null}
    </div>
  );
}
