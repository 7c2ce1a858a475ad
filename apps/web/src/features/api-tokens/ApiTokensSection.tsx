import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenCreated, type ApiTokenScope, MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../components/DataTable';
import { applyFieldErrors } from '../../pages/formErrors';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { formatDateTime } from '../common/dateTime';
import { API_TOKENS_KEY, createApiToken, listApiTokens, revokeApiToken } from './api';
import { EXPIRY_CHOICES, expiryFrom, isExpired } from './tokenDates';

const SCOPE_LABELS: Record<ApiTokenScope, string> = { read: 'Read only', write: 'Read and write' };

type CreateValues = { name: string; scope: ApiTokenScope; days: number };

/** The new token, once: the API never answers it again. */
function CreatedToken({ created, onDone }: { created: ApiTokenCreated; onDone(): void }) {
  return (
    <Alert
      type="success"
      showIcon
      className="form-alert"
      data-testid="api-token-created"
      title={`Token “${created.name}” created. Copy it now: it will not be shown again.`}
      description={
        <Space direction="vertical" className="api-token-value">
          <Typography.Text code copyable={{ text: created.token }} data-testid="api-token-value">
            {created.token}
          </Typography.Text>
          <Button size="small" onClick={onDone} data-testid="api-token-done">
            I have copied it
          </Button>
        </Space>
      }
    />
  );
}

function CreateTokenForm({ onCreated }: { onCreated(created: ApiTokenCreated): void }) {
  const [form] = Form.useForm<CreateValues>();
  const create = useMutation({
    mutationFn: (values: CreateValues) =>
      createApiToken({ name: values.name, scope: values.scope, expires_at: expiryFrom(values.days) }),
    onSuccess: (created) => {
      form.resetFields();
      onCreated(created);
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Form<CreateValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ scope: 'read', days: 30 }}
      onFinish={(values) => create.mutate(values)}
      data-testid="api-token-form"
      className="api-token-form"
    >
      <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}>
        <Input maxLength={100} placeholder="What the token is for" data-testid="api-token-name" />
      </Form.Item>
      <Form.Item name="scope" label="Scope">
        <Radio.Group data-testid="api-token-scope">
          {API_TOKEN_SCOPES.map((scope) => (
            <Radio key={scope} value={scope} data-testid={`api-token-scope-${scope}`}>
              {SCOPE_LABELS[scope]}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="days" label="Expires in">
        <Select
          aria-label="Expires in"
          data-testid="api-token-expiry"
          options={EXPIRY_CHOICES.map((c) => ({ value: c.days, label: c.label }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="api-token-create">
        Create token
      </Button>
    </Form>
  );
}

/**
 * "API tokens" on one's own profile: personal tokens for scripts (docs/API.md). Creating needs API_TOKENS_CREATE, as
 * the API says; someone who lost it still sees and revokes the tokens they have.
 */
export function ApiTokensSection() {
  const queryClient = useQueryClient();
  const canCreate = useAbility().can('API_TOKENS_CREATE');
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const table = useEmbeddedTableState('api-tokens', { serverPaging: false });
  const tokens = useQuery({ queryKey: API_TOKENS_KEY, queryFn: ({ signal }) => listApiTokens(signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      void refresh();
    },
  });

  const columns: DataColumn<ApiToken>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      sortKey: 'name',
      priority: 1,
      render: (name: string) => <span data-testid="api-token-row-name">{name}</span>,
    },
    {
      key: 'scope',
      title: 'Scope',
      dataIndex: 'scope',
      sortKey: 'scope',
      render: (scope: ApiTokenScope) => SCOPE_LABELS[scope],
    },
    {
      key: 'last_used_at',
      title: 'Last used',
      dataIndex: 'last_used_at',
      sortKey: 'last_used_at',
      priority: 2,
      render: (at: string | null) => <span data-testid="api-token-last-used">{formatDateTime(at)}</span>,
    },
    {
      key: 'expires_at',
      title: 'Expires',
      dataIndex: 'expires_at',
      sortKey: 'expires_at',
      priority: 3,
      render: (at: string) => (isExpired(at) ? <Tag color="red">Expired</Tag> : formatDateTime(at)),
    },
    {
      key: 'created_at',
      title: 'Created',
      dataIndex: 'created_at',
      sortKey: 'created_at',
      priority: 4,
      render: (at: string) => formatDateTime(at),
    },
    {
      key: 'actions',
      title: '',
      priority: 1,
      render: (_: unknown, row) => (
        <ConfirmButton
          question="Do you want to revoke this token?"
          onConfirm={() => revoke.mutate(row.uuid)}
          testId="api-token-revoke"
          size="small"
          danger
        >
          Revoke
        </ConfirmButton>
      ),
    },
  ];

  // Without the permission the section shows only while there are tokens left to revoke.
  if (!canCreate && !tokens.data?.data.length) {
    return null;
  }
  return (
    <Card size="small" title="API tokens" data-testid="api-tokens">
      <Typography.Paragraph type="secondary">
        A token lets a script call the API as you, with your permissions: read only, or read and write. It cannot manage
        tokens, roles or your sign-in.
      </Typography.Paragraph>
      {created ? <CreatedToken created={created} onDone={() => setCreated(null)} /> : null}
      {canCreate ? (
        <CreateTokenForm
          onCreated={(token) => {
            setCreated(token);
            void refresh();
          }}
        />
      ) : null}
      <DataTable<ApiToken>
        table={table}
        query={tokens}
        columns={columns}
        testId="api-tokens"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No API tokens" /> }}
      />
    </Card>
  );
}
