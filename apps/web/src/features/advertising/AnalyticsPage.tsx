import { AD_PLATFORM_LABELS, type AdAnalyticsRow } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Input, Segmented, Select, Skeleton, Space, Table } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ExportMenu } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { PageHeader } from '../common/PageHeader';
import { AD_ANALYTICS_KEY, ANALYTICS_PAGE_SIZE, type AnalyticsFilters, getAnalytics } from './api';
import { FIGURE_COLUMNS } from './figures';
import './advertising.css';

const AdChart = lazy(() => import('./AdChart'));

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The address carries the view: ?group_by=platform&from=…&to=…&client=… (default: the last 30 days, by campaign). */
function filtersOf(params: URLSearchParams): AnalyticsFilters {
  const today = new Date();
  const monthAgo = new Date(today.getTime() - 29 * 86_400_000);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    group_by: params.get('group_by') === 'platform' ? 'platform' : 'campaign',
    date_from: ISO.test(from) ? from : dayOf(monthAgo),
    date_to: ISO.test(to) ? to : dayOf(today),
    customer_uuid: params.get('client') || undefined,
  };
}

/**
 * /analytics (PRODUCTS_READ): the spec's ad analytics: campaigns grouped and sorted by campaign name (or the
 * "social" view by platform) over a date range and client, with totals, derived CTR/CPC/CPM/CPA/ROAS, a chart
 * per day and CSV/XLSX export.
 */
export function AnalyticsPage() {
  const ability = useAbility();
  const allowed = ability.can('PRODUCTS_READ');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const pageNumber = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const report = useQuery({
    queryKey: [...AD_ANALYTICS_KEY, filters, pageNumber],
    queryFn: ({ signal }) => getAnalytics(filters, signal, { number: pageNumber, size: ANALYTICS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: allowed && filters.date_from <= filters.date_to,
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed && ability.can('CUSTOMERS_READ'),
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  // Every change writes the whole view (the dates pinned too), so a later edit keeps an earlier one.
  const shown: Record<string, string | undefined> = {
    group_by: filters.group_by === 'platform' ? 'platform' : undefined,
    from: filters.date_from,
    to: filters.date_to,
    client: filters.customer_uuid,
  };
  const set = (key: string, value: string | undefined) =>
    setParams(
      () => {
        // From the address itself, not the router's copy of the last render: two edits before React renders again
        // (a quick typist, a busy machine) would otherwise both start from the same old address and the second
        // would put back the first one's old value.
        const next = new URLSearchParams(window.location.search);
        for (const [name, kept] of Object.entries(shown)) {
          if (kept && !next.has(name)) {
            next.set(name, kept);
          }
        }
        if (value) {
          next.set(key, value);
        } else {
          next.delete(key);
        }
        // Another view, date or client starts again at the table's first page.
        if (key !== 'page') {
          next.delete('page');
        }
        return next;
      },
      { replace: true },
    );
  const byCampaign = filters.group_by === 'campaign';
  const exportQuery: Record<string, string> = {
    group_by: filters.group_by,
    date_from: filters.date_from,
    date_to: filters.date_to,
    ...(filters.customer_uuid ? { customer_uuid: filters.customer_uuid } : {}),
  };
  const rows = report.data?.data ?? [];
  const totals = report.data?.totals;
  const meta = report.data?.meta;
  return (
    <div className="list-page analytics-page" data-testid="analytics-page">
      <PageHeader
        title="Analytics"
        actions={
          <Space wrap>
            <Link
              to={`/analytics/report${filters.customer_uuid ? `?client=${filters.customer_uuid}` : ''}`}
              data-testid="ad-report-link"
            >
              Month report
            </Link>
            <ExportMenu source={{ path: 'ad-analytics/export', query: exportQuery }} testId="ad-analytics-export" />
          </Space>
        }
      />
      <Space wrap className="analytics-filters">
        <Segmented
          aria-label="Group by"
          value={filters.group_by}
          options={[
            { value: 'campaign', label: 'Campaigns' },
            { value: 'platform', label: 'Social' },
          ]}
          onChange={(v) => set('group_by', v === 'platform' ? 'platform' : undefined)}
          data-testid="analytics-group"
        />
        <Input
          type="date"
          aria-label="From"
          value={filters.date_from}
          onChange={(e) => set('from', e.target.value)}
          data-testid="analytics-from"
        />
        <Input
          type="date"
          aria-label="To"
          value={filters.date_to}
          onChange={(e) => set('to', e.target.value)}
          data-testid="analytics-to"
        />
        <Select
          aria-label="Client"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="All clients"
          className="analytics-client"
          value={filters.customer_uuid}
          options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
          onChange={(v: string | undefined) => set('client', v)}
          data-testid="analytics-client"
        />
      </Space>
      {filters.date_from > filters.date_to ? (
        <Alert type="warning" showIcon title="The end date must be on or after the start date" />
      ) : null}
      {report.data && report.data.series.length > 1 ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
          <AdChart series={report.data.series} />
        </Suspense>
      ) : null}
      {/* The one scrolling box on a phone, reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
      <section className="analytics-table" aria-label="Ad figures" tabIndex={0}>
        <Table<AdAnalyticsRow>
          size="small"
          loading={report.isFetching && !report.data}
          rowKey={(row) => row.campaign_uuid ?? row.platform}
          dataSource={rows}
          pagination={
            meta && meta.last_page > 1
              ? {
                  current: meta.current_page,
                  pageSize: meta.per_page,
                  total: meta.total,
                  showSizeChanger: false,
                  onChange: (next) => set('page', next > 1 ? String(next) : undefined),
                }
              : false
          }
          data-testid="analytics-table"
          locale={{ emptyText: 'No figures for these dates. Import a CSV on Advertising.' }}
          columns={[
            byCampaign
              ? {
                  key: 'campaign',
                  title: 'Campaign',
                  render: (_: unknown, row) => (
                    <span data-testid="analytics-row-name">
                      {row.campaign_name}
                      <span className="analytics-sub">
                        {row.customer_name} · {AD_PLATFORM_LABELS[row.platform]}
                      </span>
                    </span>
                  ),
                }
              : {
                  key: 'platform',
                  title: 'Platform',
                  render: (_: unknown, row) => (
                    <span data-testid="analytics-row-name">{AD_PLATFORM_LABELS[row.platform]}</span>
                  ),
                },
            ...FIGURE_COLUMNS.map((c) => ({
              key: c.key,
              title: c.title,
              align: 'right' as const,
              render: (_: unknown, row: AdAnalyticsRow) => c.show(row[c.key]),
            })),
          ]}
          summary={() =>
            totals && rows.length ? (
              <Table.Summary fixed>
                <Table.Summary.Row className="analytics-totals" data-testid="analytics-totals">
                  <Table.Summary.Cell index={0}>
                    {meta && meta.last_page > 1 ? `Total (all ${meta.total} campaigns)` : 'Total'}
                  </Table.Summary.Cell>
                  {FIGURE_COLUMNS.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                      {c.show(totals[c.key])}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </section>
    </div>
  );
}
