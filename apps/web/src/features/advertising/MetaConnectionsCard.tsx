import type { MetaConnectionState } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Select, Space, Spin, Tag, Typography } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportError, reportSuccess } from '../../shell/feedback';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { ConfirmButton } from '../common/ConfirmButton';
import {
  AD_ANALYTICS_KEY,
  CAMPAIGNS_KEY,
  connectMeta,
  disconnectMeta,
  listMetaConnections,
  META_CONNECTIONS_KEY,
  syncMetaNow,
} from './api';
import './advertising.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

type ConnectValues = { customer_uuid: string; ad_account_id: string; access_token: string };

/**
 * Meta Ads on /integrations: each client's ad account (campaigns are matched by name, made when missing), its last
 * sync or error, Sync now and Disconnect; and the form that connects one. The token is typed once and never shown
 * again: the server seals it and answers only how the syncs went. Regular staff with the product permissions
 * (the server's rule; the card only mirrors it).
 */
export function MetaConnectionsCard() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('PRODUCTS_READ');
  const mayManage = allowed && ability.can('PRODUCTS_UPDATE');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConnectValues>();
  const connections = useQuery({
    queryKey: META_CONNECTIONS_KEY,
    queryFn: ({ signal }) => listMetaConnections(signal),
    enabled: allowed,
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: mayManage && ability.can('CUSTOMERS_READ'),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: META_CONNECTIONS_KEY });
  };
  const connect = useMutation({
    mutationFn: ({ customer_uuid, ...body }: ConnectValues) => connectMeta(customer_uuid, body),
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      form.resetFields();
      refresh();
    },
    onError: (error) => {
      applyFieldErrors(form, error);
      reportError(error);
    },
  });
  const disconnect = useMutation({
    mutationFn: disconnectMeta,
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      refresh();
    },
    onError: reportError,
  });
  const sync = useMutation({
    mutationFn: syncMetaNow,
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: AD_ANALYTICS_KEY });
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
    onError: reportError,
    // A failure is recorded on the connection too: show it either way.
    onSettled: refresh,
  });
  if (!allowed) {
    return null;
  }
  const list = connections.data ?? [];
  return (
    <Card
      title="Meta Ads"
      className="integration-card"
      data-testid="integration-meta"
      extra={<Tag color={list.length ? 'green' : undefined}>{list.length ? 'Connected' : 'Not connected'}</Tag>}
    >
      <Typography.Paragraph className="integration-wrap" type="secondary">
        Each client’s ad account syncs its campaigns’ daily figures every morning; campaigns are matched by name.
      </Typography.Paragraph>
      {connections.isPending ? <Spin /> : null}
      {list.map((c) => (
        <MetaConnection
          key={c.customer_uuid}
          connection={c}
          mayManage={mayManage}
          syncing={sync.isPending && sync.variables === c.customer_uuid}
          onSync={() => sync.mutate(c.customer_uuid)}
          onDisconnect={() => disconnect.mutate(c.customer_uuid)}
        />
      ))}
      {mayManage ? (
        <Form
          form={form}
          layout="vertical"
          className="meta-connect"
          onFinish={(values) => connect.mutate(values)}
          data-testid="meta-connect-form"
        >
          <Typography.Text strong>Connect an ad account</Typography.Text>
          <Form.Item name="customer_uuid" label="Client" rules={[{ required: true, message: 'Choose the client' }]}>
            <Select
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              showSearch
              optionFilterProp="label"
              placeholder="Choose the client"
              data-testid="meta-client"
            />
          </Form.Item>
          <Form.Item
            name="ad_account_id"
            label="Ad account id"
            extra="The number after act_ in Ads Manager's address."
            rules={[{ required: true, message: 'Enter the ad account id' }]}
          >
            <Input inputMode="numeric" autoComplete="off" data-testid="meta-account" />
          </Form.Item>
          <Form.Item
            name="access_token"
            label="Access token"
            extra="A system user token with ads_read. It is stored encrypted and never shown again."
            rules={[{ required: true, message: 'Enter the access token' }]}
          >
            <Input.Password autoComplete="new-password" data-testid="meta-token" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={connect.isPending} data-testid="meta-connect">
            Connect
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

function MetaConnection({
  connection: c,
  mayManage,
  syncing,
  onSync,
  onDisconnect,
}: {
  connection: MetaConnectionState;
  mayManage: boolean;
  syncing: boolean;
  onSync: () => void;
  onDisconnect: () => void;
}) {
  return (
    <section className="meta-connection" data-testid="meta-connection" aria-label={`Meta Ads of ${c.customer_name}`}>
      <Descriptions column={1} size="small" title={c.customer_name}>
        <Descriptions.Item label="Ad account">act_{c.ad_account_id}</Descriptions.Item>
        <Descriptions.Item label="Last sync">{when(c.synced_at)}</Descriptions.Item>
        {c.sync_error ? (
          <Descriptions.Item label="Last error">
            <Typography.Text type="danger" className="integration-wrap" data-testid="meta-error">
              {c.sync_error} ({when(c.sync_failed_at)})
            </Typography.Text>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {mayManage ? (
        <Space wrap>
          <Button onClick={onSync} loading={syncing} data-testid="meta-sync">
            Sync now
          </Button>
          <ConfirmButton
            question={`Disconnect ${c.customer_name}'s Meta ad account? Its figures stay; syncing stops.`}
            onConfirm={onDisconnect}
            testId="meta-disconnect"
          >
            Disconnect
          </ConfirmButton>
        </Space>
      ) : null}
    </section>
  );
}
