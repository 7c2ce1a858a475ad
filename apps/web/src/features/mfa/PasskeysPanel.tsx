import { MESSAGES, type MfaStatus, type Passkey } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Empty, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/errors';
import { passkeysSupported } from '../../auth/passkeyCeremony';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../components/DataTable';
import { reportSuccess } from '../../shell/feedback';
import { formatDateTime } from '../common/dateTime';
import { addPasskey, listPasskeys, PASSKEYS_KEY, removePasskey, renamePasskey, setPasskeySignIn } from './api';
import { ProofModal } from './ProofModal';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Passkeys on the Security card: several per person (a laptop, a phone, a security key), named, removable with
 * proof; each one is a second factor, and alone signs in when the person turns that on.
 */
export function PasskeysPanel({ status, onChanged }: { status: MfaStatus; onChanged(): void }) {
  const queryClient = useQueryClient();
  const table = useEmbeddedTableState('passkeys', { serverPaging: false });
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => listPasskeys(signal) });
  const [naming, setNaming] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    onChanged();
  };
  const rename = useMutation({
    mutationFn: ({ uuid, name }: { uuid: string; name: string }) => renamePasskey(uuid, name),
    onSuccess: refresh,
  });
  const signInAlone = useMutation({
    mutationFn: setPasskeySignIn,
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      refresh();
    },
  });

  const columns: DataColumn<Passkey>[] = [
    {
      key: 'name',
      title: 'Name',
      dataIndex: 'name',
      sortKey: 'name',
      priority: 1,
      render: (name: string, row) => (
        <Space size={6} wrap>
          <Typography.Text
            data-testid="passkey-name"
            editable={{
              triggerType: ['icon'],
              maxLength: 60,
              tooltip: 'Rename',
              onChange: (next) => {
                const trimmed = next.trim();
                if (trimmed && trimmed !== name) {
                  rename.mutate({ uuid: row.uuid, name: trimmed });
                }
              },
            }}
          >
            {name}
          </Typography.Text>
          {row.backed_up ? <Tag>Synced</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'last_used_at',
      title: 'Last used',
      dataIndex: 'last_used_at',
      sortKey: 'last_used_at',
      priority: 2,
      render: (at: string | null) => formatDateTime(at),
    },
    {
      key: 'created_at',
      title: 'Added',
      dataIndex: 'created_at',
      sortKey: 'created_at',
      priority: 3,
      render: (at: string) => formatDateTime(at),
    },
    {
      key: 'actions',
      title: '',
      priority: 1,
      render: (_: unknown, row) => (
        <Button size="small" danger onClick={() => setRemoving(row)} data-testid="passkey-remove">
          Remove
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="passkeys">
      <Typography.Title level={2} className="card-subtitle">
        Passkeys
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        A passkey signs you in with your fingerprint, face, device PIN or security key. Each one is a second step after
        your password{status.passkey_sign_in ? ', or signs you in alone' : ''}.
      </Typography.Paragraph>
      {passkeysSupported() ? (
        <Button type="primary" onClick={() => setNaming(true)} data-testid="passkey-add">
          Add a passkey
        </Button>
      ) : (
        <Typography.Text type="secondary">This browser cannot make passkeys.</Typography.Text>
      )}
      {codes ? (
        <Space orientation="vertical" className="form-alert">
          <RecoveryCodes codes={codes} />
          <Button onClick={() => setCodes(null)} data-testid="passkey-codes-saved">
            I have saved them
          </Button>
        </Space>
      ) : null}
      <DataTable<Passkey>
        table={table}
        query={passkeys}
        columns={columns}
        testId="passkeys"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No passkeys yet" /> }}
      />
      {status.passkeys > 0 ? (
        <Space className="passkey-sign-in">
          <Switch
            checked={status.passkey_sign_in}
            loading={signInAlone.isPending}
            onChange={(on) => signInAlone.mutate(on)}
            aria-label="Sign in with a passkey alone"
            data-testid="passkey-sign-in-switch"
          />
          <Typography.Text>Sign in with a passkey alone, without my password</Typography.Text>
        </Space>
      ) : null}
      {naming ? (
        <NamePasskeyModal
          onClose={() => setNaming(false)}
          onAdded={(recoveryCodes) => {
            setNaming(false);
            setCodes(recoveryCodes);
            refresh();
          }}
        />
      ) : null}
      {removing ? (
        <ProofModal
          title={`Remove the passkey “${removing.name}”`}
          okText="Remove"
          allowPassword
          startWithPassword={!status.totp}
          submit={(proof) => removePasskey(removing.uuid, proof)}
          onDone={(answer) => {
            reportSuccess(answer.message);
            setRemoving(null);
            refresh();
          }}
          onClose={() => setRemoving(null)}
          testId="passkey-remove"
        />
      ) : null}
    </div>
  );
}

/** Names the passkey first ("MacBook", "YubiKey"), then runs the browser's prompt. */
function NamePasskeyModal({ onClose, onAdded }: { onClose(): void; onAdded(codes: string[] | null): void }) {
  const [form] = Form.useForm<{ name: string }>();
  const add = useMutation({
    mutationFn: (name: string) => addPasskey(name),
    meta: { silentError: true },
    onSuccess: (passkey) => {
      reportSuccess(`Passkey “${passkey.name}” added.`);
      onAdded(passkey.recovery_codes);
    },
  });
  return (
    <Modal
      open
      title="Add a passkey"
      onCancel={onClose}
      okText="Continue"
      onOk={() => form.submit()}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'passkey-add-ok' } as ButtonProps}
    >
      {add.isError ? (
        <Alert
          type="error"
          showIcon
          title={describeError(add.error)}
          className="form-alert"
          data-testid="passkey-add-error"
        />
      ) : null}
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => add.mutate(values.name.trim())}
      >
        <Form.Item
          label="Name"
          name="name"
          extra="Where the passkey lives, so you can tell them apart."
          rules={[{ required: true, whitespace: true, message: MESSAGES.required }]}
        >
          <Input maxLength={60} autoFocus placeholder="MacBook, iPhone, YubiKey…" data-testid="passkey-add-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
