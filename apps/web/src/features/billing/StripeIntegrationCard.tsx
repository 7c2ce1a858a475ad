import './billing.css';
import {
  formatUsd,
  OVERDUE_REQUEST_POLICIES,
  type OverdueRequestPolicy,
  type StripeSettings,
  type StripeSettingsInput,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportError, reportSuccess } from '../../shell/feedback';
import { BILLING_KEY, getStripeSettings, STRIPE_SETTINGS_KEY, saveStripeSettings, syncStripe, testStripe } from './api';

const POLICY_LABELS: Record<OverdueRequestPolicy, string> = {
  off: 'Do nothing',
  warn: 'Warn staff',
  refuse: 'Refuse new requests',
};

type Values = {
  api_key?: string;
  webhook_secret?: string;
  overdue_request_policy: OverdueRequestPolicy;
  overdue_days: number;
};

function Hint({ set, hint, testId }: { set: boolean; hint: string | null; testId: string }) {
  return set ? (
    <Typography.Text code data-testid={testId}>
      {hint}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary" data-testid={testId}>
      Not set
    </Typography.Text>
  );
}

/** The form: a new key or secret replaces the stored one; an empty input keeps it (the stored values never come back). */
function StripeForm({ settings, canManage }: { settings: StripeSettings; canManage: boolean }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [tested, setTested] = useState<string | null>(null);
  const done = (next: StripeSettings) => {
    queryClient.setQueryData(STRIPE_SETTINGS_KEY, next);
    form.setFieldsValue({ api_key: '', webhook_secret: '' });
  };
  const save = useMutation({
    mutationFn: (body: StripeSettingsInput) => saveStripeSettings(body),
    onSuccess: (next) => {
      done(next);
      reportSuccess('Stripe settings saved');
    },
    onError: (error) => {
      applyFieldErrors(form, error);
      reportError(error);
    },
  });
  const test = useMutation({
    mutationFn: testStripe,
    onSuccess: (result) =>
      setTested(
        `Connected${result.account ? ` to ${result.account}` : ''}: ${formatUsd(result.available_cents)} available.`,
      ),
    onError: () => setTested(null),
  });
  const sync = useMutation({
    mutationFn: syncStripe,
    onSuccess: (result) => {
      reportSuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: BILLING_KEY });
    },
    onError: reportError,
  });
  const submit = (values: Values) => {
    const body: StripeSettingsInput = {
      overdue_request_policy: values.overdue_request_policy,
      overdue_days: values.overdue_days,
    };
    if (values.api_key?.trim()) {
      body.api_key = values.api_key.trim();
    }
    if (values.webhook_secret?.trim()) {
      body.webhook_secret = values.webhook_secret.trim();
    }
    save.mutate(body);
  };
  const connected = settings.api_key_set;
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!canManage}
      initialValues={{ overdue_request_policy: settings.overdue_request_policy, overdue_days: settings.overdue_days }}
      onFinish={submit}
      data-testid="stripe-form"
    >
      <Form.Item
        label="API key"
        name="api_key"
        extra={<Hint set={connected} hint={settings.api_key_hint} testId="stripe-key-hint" />}
      >
        <Input.Password
          autoComplete="off"
          placeholder={connected ? 'Enter a new key to replace it' : 'sk_live_…'}
          data-testid="stripe-api-key"
        />
      </Form.Item>
      <Form.Item
        label="Webhook signing secret"
        name="webhook_secret"
        extra={
          <Hint set={settings.webhook_secret_set} hint={settings.webhook_secret_hint} testId="stripe-secret-hint" />
        }
      >
        <Input.Password autoComplete="off" placeholder="whsec_…" data-testid="stripe-webhook-secret" />
      </Form.Item>
      <Space wrap className="stripe-policy">
        <Form.Item label="When a client is overdue" name="overdue_request_policy">
          <Select
            options={OVERDUE_REQUEST_POLICIES.map((value) => ({ value, label: POLICY_LABELS[value] }))}
            data-testid="stripe-policy"
            className="stripe-policy-select"
          />
        </Form.Item>
        <Form.Item label="More than (days)" name="overdue_days">
          <InputNumber min={0} max={365} precision={0} data-testid="stripe-overdue-days" />
        </Form.Item>
      </Space>
      {tested ? (
        <Alert type="success" showIcon className="form-alert" title={tested} data-testid="stripe-test-ok" />
      ) : null}
      {test.isError ? (
        <Alert
          type="error"
          showIcon
          className="form-alert"
          title={describeError(test.error)}
          data-testid="stripe-test-error"
        />
      ) : null}
      {settings.last_sync_error ? (
        <Alert type="warning" showIcon className="form-alert" title={settings.last_sync_error} />
      ) : settings.last_synced_at ? (
        <Typography.Paragraph type="secondary">
          Invoices synchronised {new Date(settings.last_synced_at).toLocaleString('en-US')}.
        </Typography.Paragraph>
      ) : null}
      {canManage ? (
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="stripe-save">
            Save
          </Button>
          <Button
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!connected}
            data-testid="stripe-test"
          >
            Test
          </Button>
          <Button
            onClick={() => sync.mutate()}
            loading={sync.isPending}
            disabled={!connected}
            data-testid="stripe-sync"
          >
            Sync invoices
          </Button>
          <Popconfirm
            title="Disconnect Stripe?"
            description="The key and the webhook secret are removed; invoices already received stay."
            okText="Disconnect"
            onConfirm={() => save.mutate({ api_key: null, webhook_secret: null })}
          >
            <Button danger disabled={!connected && !settings.webhook_secret_set} data-testid="stripe-disconnect">
              Disconnect
            </Button>
          </Popconfirm>
        </Space>
      ) : null}
    </Form>
  );
}

/**
 * The card payment provider's settings card (Stripe): the API key and webhook signing secret (entered, never shown
 * back: a masked hint says which is stored), Test (a real call), Sync, Disconnect, and the overdue rule for new
 * requests. INTEGRATIONS_READ to see it, INTEGRATIONS_UPDATE to change it.
 */
export function StripeIntegrationCard() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('INTEGRATIONS_READ');
  const settings = useQuery({
    queryKey: STRIPE_SETTINGS_KEY,
    queryFn: ({ signal }) => getStripeSettings(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return null;
  }
  const data = settings.data;
  return (
    <Card
      size="small"
      className="integration-card"
      title="Stripe"
      data-testid="stripe-card"
      extra={
        data ? (
          <Tag color={data.api_key_set ? 'green' : 'default'} data-testid="stripe-state">
            {data.api_key_set ? 'Connected' : 'Not connected'}
          </Tag>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        Card payments and invoices. Point a Stripe webhook at{' '}
        <Typography.Text code>/api/webhooks/stripe</Typography.Text> for invoice and payment events.
      </Typography.Paragraph>
      {data ? (
        <StripeForm settings={data} canManage={ability.can('INTEGRATIONS_UPDATE')} />
      ) : settings.isError ? (
        <Alert type="error" showIcon title={describeError(settings.error)} />
      ) : (
        <Spin />
      )}
    </Card>
  );
}
