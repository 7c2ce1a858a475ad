import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookWithSecret } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { NewButton } from '../common/NewButton';
import { PageHeader } from '../common/PageHeader';
import { deleteWebhook, listWebhooks, rotateWebhookSecret, updateWebhook, WEBHOOKS_KEY } from './api';
import { WebhookDeliveries } from './WebhookDeliveries';
import { ShownSecret, WebhookModal } from './WebhookForm';
import './webhooks.css';

/**
 * /administration/webhooks (WEBHOOKS_MANAGE): the agency's webhooks with create, edit, pause/resume, a new secret,
 * delete, and each one's deliveries log with Redeliver (docs/API.md "Webhooks").
 */
export function WebhooksPage() {
  const allowed = useAbility().can('WEBHOOKS_MANAGE');
  const queryClient = useQueryClient();
  const table = useTableState('webhooks', { serverPaging: false });
  const hooks = useQuery({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => listWebhooks(signal), enabled: allowed });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const toggle = useMutation({
    mutationFn: (hook: Webhook) => updateWebhook(hook.uuid, { active: hook.status === 'paused' }),
    onSuccess: (hook) => {
      reportSuccess(hook.status === 'active' ? 'Webhook resumed.' : 'Webhook paused.');
      refresh();
    },
  });
  const rotate = useMutation({ mutationFn: rotateWebhookSecret, onSuccess: setSecret });
  const remove = useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (answer, uuid) => {
      reportSuccess(answer.message);
      if (open === uuid) {
        setOpen(null);
      }
      refresh();
    },
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const shown = hooks.data?.data.find((hook) => hook.uuid === open) ?? null;

  const columns: DataColumn<Webhook>[] = [
    {
      key: 'url',
      title: 'URL',
      dataIndex: 'url',
      priority: 1,
      render: (url: string) => (
        <Typography.Text className="webhook-url" data-testid="webhook-row-url">
          {url}
        </Typography.Text>
      ),
    },
    {
      key: 'events',
      title: 'Events',
      dataIndex: 'events',
      priority: 3,
      render: (events: Webhook['events']) => (
        <span className="webhook-event-tags">
          {events.map((event) => (
            <Tag key={event}>{WEBHOOK_EVENT_LABELS[event]}</Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      priority: 1,
      render: (status: Webhook['status'], hook) => (
        <Tag color={status === 'active' ? 'green' : 'orange'} data-testid="webhook-status">
          {status === 'active' ? 'Active' : hook.paused_reason === 'failing' ? 'Paused: failing' : 'Paused'}
        </Tag>
      ),
    },
    { key: 'owner', title: 'Owner', priority: 4, render: (_: unknown, hook) => hook.owner.name },
    {
      key: 'actions',
      title: '',
      priority: 1,
      render: (_: unknown, hook) => (
        <Space wrap size={4}>
          <Button
            size="small"
            type={open === hook.uuid ? 'primary' : 'default'}
            onClick={() => setOpen(open === hook.uuid ? null : hook.uuid)}
            data-testid="webhook-show-deliveries"
          >
            Deliveries
          </Button>
          <Button size="small" onClick={() => setEditing(hook)} data-testid="webhook-edit">
            Edit
          </Button>
          <Button size="small" onClick={() => toggle.mutate(hook)} data-testid="webhook-toggle">
            {hook.status === 'active' ? 'Pause' : 'Resume'}
          </Button>
          <ConfirmButton
            size="small"
            question="Make a new signing secret? The current one stops working at once."
            onConfirm={() => rotate.mutate(hook.uuid)}
            testId="webhook-rotate"
          >
            New secret
          </ConfirmButton>
          <ConfirmButton
            size="small"
            danger
            question={`Do you want to delete the webhook to ${hook.url}?`}
            onConfirm={() => remove.mutate(hook.uuid)}
            testId="webhook-delete"
          >
            Delete
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <div className="list-page" data-testid="webhooks-page">
      <PageHeader
        title="Webhooks"
        actions={
          <NewButton permission="WEBHOOKS_MANAGE" onClick={() => setEditing('new')} testId="webhooks-new">
            New webhook
          </NewButton>
        }
      />
      <Typography.Paragraph type="secondary">
        Each event is POSTed as JSON, signed with the webhook’s secret (X-Portal-Signature), and retried for a day. A
        webhook that fails ten times in a row is paused and its owner told. Deliveries carry only what the owner may
        read.
      </Typography.Paragraph>
      {secret ? <ShownSecret created={secret} onDone={() => setSecret(null)} /> : null}
      <DataTable<Webhook>
        table={table}
        query={hooks}
        columns={columns}
        rowKey="uuid"
        testId="webhooks"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No webhooks" /> }}
      />
      {shown ? <WebhookDeliveries key={shown.uuid} webhook={shown} /> : null}
      {editing ? (
        <WebhookModal
          webhook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setSecret(created);
            setOpen(created.uuid);
          }}
        />
      ) : null}
    </div>
  );
}
