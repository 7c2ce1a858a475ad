import { AD_PLATFORM_LABELS, type AdAnalyticsRow } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Skeleton, Space, Table } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { PageHeader } from '../common/PageHeader';
import { AD_ANALYTICS_KEY, getAnalytics } from './api';
import { FIGURE_COLUMNS } from './figures';
import './advertising.css';

const AdChart = lazy(() => import('./AdChart'));

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month's first and last day (the last: day 0 of the next month). */
function monthRange(month: string): { date_from: string; date_to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { date_from: `${month}-01`, date_to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Last month by default: the month-end report is made when a month has closed. */
function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1)).toISOString().slice(0, 7);
}

function FiguresTable({ rows, name, label }: { rows: AdAnalyticsRow[]; name: string; label: string }) {
  return (
    <Table<AdAnalyticsRow>
      size="small"
      pagination={false}
      rowKey={(row) => row.campaign_uuid ?? row.platform}
      dataSource={rows}
      aria-label={label}
      locale={{ emptyText: 'No figures this month.' }}
      columns={[
        {
          key: 'name',
          title: name,
          render: (_: unknown, row) =>
            row.campaign_name ? (
              <span>
                {row.campaign_name}
                <span className="analytics-sub">{AD_PLATFORM_LABELS[row.platform]}</span>
              </span>
            ) : (
              AD_PLATFORM_LABELS[row.platform]
            ),
        },
        ...FIGURE_COLUMNS.map((c) => ({
          key: c.key,
          title: c.title,
          align: 'right' as const,
          render: (_: unknown, row: AdAnalyticsRow) => c.show(row[c.key]),
        })),
      ]}
    />
  );
}

/**
 * /analytics/report?client=…&month=YYYY-MM: a client's month on one printable page (totals, the chart, the table by
 * campaign and by platform). Print (window.print) keeps only the report: the print CSS hides the app around it.
 * The same reads as /analytics, so the same rule of who may see which campaigns.
 */
export function MonthReportPage() {
  const ability = useAbility();
  const allowed = ability.can('PRODUCTS_READ');
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : lastMonth();
  const client = params.get('client') || undefined;
  const range = monthRange(month);
  const filters = { ...range, customer_uuid: client };
  const byCampaign = useQuery({
    queryKey: [...AD_ANALYTICS_KEY, 'report', 'campaign', filters],
    // A month's report lists a client's campaigns whole (up to the API's 1,000 a page; more is said below).
    queryFn: ({ signal }) => getAnalytics({ ...filters, group_by: 'campaign' }, signal, { number: 1, size: 1000 }),
    enabled: allowed && Boolean(client),
  });
  const byPlatform = useQuery({
    queryKey: [...AD_ANALYTICS_KEY, 'report', 'platform', filters],
    queryFn: ({ signal }) => getAnalytics({ ...filters, group_by: 'platform' }, signal),
    enabled: allowed && Boolean(client),
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed && ability.can('CUSTOMERS_READ'),
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const set = (key: string, value: string | undefined) =>
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        next.set('month', month);
        if (value) {
          next.set(key, value);
        } else {
          next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  const clientName = customers.data?.data.find((c) => c.uuid === client)?.business_name ?? '';
  const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const totals = byCampaign.data?.totals;
  return (
    <div className="list-page ad-report-page" data-testid="ad-report-page">
      <PageHeader
        title="Month report"
        actions={
          <Space wrap>
            <Link to={`/analytics${client ? `?client=${client}&from=${range.date_from}&to=${range.date_to}` : ''}`}>
              Back to analytics
            </Link>
            <Button
              type="primary"
              disabled={!byCampaign.data}
              onClick={() => window.print()}
              data-testid="ad-report-print"
            >
              Print
            </Button>
          </Space>
        }
      />
      <Space wrap className="analytics-filters ad-report-filters">
        <Select
          aria-label="Client"
          showSearch
          optionFilterProp="label"
          placeholder="Choose the client"
          className="analytics-client"
          value={client}
          options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
          onChange={(v: string | undefined) => set('client', v)}
          data-testid="ad-report-client"
        />
        <Input
          type="month"
          aria-label="Month"
          value={month}
          onChange={(e) => set('month', MONTH.test(e.target.value) ? e.target.value : undefined)}
          data-testid="ad-report-month"
        />
      </Space>
      {client ? null : <Alert type="info" showIcon title="Choose a client to see their month." />}
      {client && byCampaign.data && byPlatform.data && totals ? (
        <article className="ad-report" aria-label="Month report" data-testid="ad-report">
          <header className="ad-report-head">
            <h2>{clientName || 'Client'}</h2>
            <p>
              Advertising, {monthName} ({range.date_from} to {range.date_to})
            </p>
          </header>
          <dl className="ad-report-totals" data-testid="ad-report-totals">
            {FIGURE_COLUMNS.map((c) => (
              <div key={c.key}>
                <dt>{c.title}</dt>
                <dd>{c.show(totals[c.key])}</dd>
              </div>
            ))}
          </dl>
          {byCampaign.data.series.length > 1 ? (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 220 }} />}>
              <AdChart series={byCampaign.data.series} height={220} />
            </Suspense>
          ) : null}
          <h3>By campaign</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
          <section className="analytics-table" aria-label="By campaign" tabIndex={0}>
            <FiguresTable rows={byCampaign.data.data} name="Campaign" label="Figures by campaign" />
            {byCampaign.data.meta.total > byCampaign.data.data.length ? (
              <p data-testid="report-campaigns-cut">
                The first {byCampaign.data.data.length} of {byCampaign.data.meta.total} campaigns; the totals cover them
                all, and the export on Analytics lists every one.
              </p>
            ) : null}
          </section>
          <h3>By platform</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard */}
          <section className="analytics-table" aria-label="By platform" tabIndex={0}>
            <FiguresTable rows={byPlatform.data.data} name="Platform" label="Figures by platform" />
          </section>
        </article>
      ) : client ? (
        <Skeleton active />
      ) : null}
    </div>
  );
}
