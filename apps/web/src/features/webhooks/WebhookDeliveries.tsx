import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookAttempt } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Tag, Typography } from 'antd';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../components/DataTable';
import { reportSuccess } from '../../shell/feedback';
import { listDeliveries, redeliver, WEBHOOKS_KEY } from './api';

const OUTCOME_COLORS = { succeeded: 'green', failed: 'red', skipped: 'default' } as const;

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** The deliveries log of one webhook: every attempt, newest first, with the receiver's answer as plain text. */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const queryClient = useQueryClient();
  const table = useEmbeddedTableState('webhook-deliveries', { pageSizes: [10, 25, 50] });
  const key = [...WEBHOOKS_KEY, webhook.uuid, 'deliveries'];
  const deliveries = useQuery({
    queryKey: [...key, ...table.queryKey],
    queryFn: ({ signal }) => listDeliveries(webhook.uuid, table.listParams, signal),
    placeholderData: keepPreviousData,
    // A try in flight or a retry due shows up without reloading.
    refetchInterval: 5_000,
  });
  const again = useMutation({
    mutationFn: redeliver,
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), 1_000);
    },
  });

  const columns: DataColumn<WebhookAttempt>[] = [
    {
      key: 'attempted_at',
      title: 'When',
      dataIndex: 'attempted_at',
      priority: 1,
      render: (at: string) => when(at),
    },
    {
      key: 'event',
      title: 'Event',
      dataIndex: 'event',
      priority: 2,
      render: (event: WebhookAttempt['event']) => WEBHOOK_EVENT_LABELS[event],
    },
    {
      key: 'outcome',
      title: 'Result',
      dataIndex: 'outcome',
      priority: 1,
      render: (outcome: WebhookAttempt['outcome'], row) => (
        <span data-testid="webhook-delivery-outcome">
          <Tag color={OUTCOME_COLORS[outcome]}>{outcome}</Tag>
          {row.response_status !== null ? (
            <span data-testid="webhook-delivery-status">{row.response_status}</span>
          ) : null}
        </span>
      ),
    },
    { key: 'attempt', title: 'Attempt', dataIndex: 'attempt', priority: 3 },
    {
      key: 'duration_ms',
      title: 'Duration',
      dataIndex: 'duration_ms',
      priority: 3,
      render: (ms: number | null) => (ms === null ? '' : `${ms} ms`),
    },
    {
      key: 'response',
      title: 'Response',
      priority: 2,
      render: (_: unknown, row) => (
        // Text only: whatever the receiver answered is never read as markup.
        <Typography.Paragraph
          className="webhook-excerpt"
          ellipsis={{ rows: 2, expandable: true, symbol: 'more' }}
          data-testid="webhook-delivery-excerpt"
        >
          {row.error ? `${row.error} ` : ''}
          {row.response_excerpt ?? ''}
          {row.next_attempt_at ? ` Next try ${when(row.next_attempt_at)}.` : ''}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'actions',
      title: '',
      priority: 1,
      render: (_: unknown, row) => (
        <Button
          size="small"
          onClick={() => again.mutate(row.delivery_uuid)}
          loading={again.isPending && again.variables === row.delivery_uuid}
          data-testid="webhook-redeliver"
        >
          Redeliver
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={`Deliveries to ${webhook.url}`}
      data-testid="webhook-deliveries"
      className="webhook-deliveries"
    >
      <DataTable<WebhookAttempt>
        table={table}
        query={deliveries}
        columns={columns}
        rowKey="uuid"
        testId="webhook-deliveries"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No deliveries yet" /> }}
      />
    </Card>
  );
}
