import { GOOGLE_MESSAGES, type GoogleState } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { connectGoogle, disconnectGoogle, GOOGLE_KEY } from './api';

export function formatWhen(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'Never';
}

/** The person's own Google Calendar connection: connected as, calendar, last sync, last error; Connect or Disconnect. */
export function GoogleCard({ state, onSettingsPage = false }: { state: GoogleState; onSettingsPage?: boolean }) {
  const queryClient = useQueryClient();
  const connect = useMutation({ mutationFn: connectGoogle, onError: reportError });
  const disconnect = useMutation({
    mutationFn: disconnectGoogle,
    onSuccess: (answer) => {
      reportSuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: GOOGLE_KEY });
    },
    onError: reportError,
  });
  const connectButton = (
    <Button
      type="primary"
      disabled={!state.configured}
      loading={connect.isPending}
      onClick={() => connect.mutate()}
      data-testid="google-connect"
    >
      Connect
    </Button>
  );
  return (
    <Card
      title="Google Calendar"
      className="integration-card"
      data-testid="integration-google"
      extra={
        state.connected ? (
          <Tag color="green">Connected</Tag>
        ) : (
          <Tag>{state.configured ? 'Not connected' : 'Not configured'}</Tag>
        )
      }
    >
      {state.connected ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Connected as">{state.email}</Descriptions.Item>
          <Descriptions.Item label="Calendar">{state.calendar_name ?? 'Not chosen yet'}</Descriptions.Item>
          <Descriptions.Item label="Last sync">{formatWhen(state.last_sync_at)}</Descriptions.Item>
          {state.last_error ? (
            <Descriptions.Item label="Last error">
              <Typography.Text type="danger" className="integration-wrap">
                {state.last_error}
              </Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      ) : (
        <Typography.Paragraph className="integration-wrap">
          {state.configured
            ? 'Push your tasks’ due dates to a Google calendar of yours.'
            : (state.reason ?? GOOGLE_MESSAGES.notConfigured)}
        </Typography.Paragraph>
      )}
      <Space wrap>
        {state.connected ? (
          <>
            {onSettingsPage ? null : <Link to="/integrations/google">Settings</Link>}
            <ConfirmButton
              question="Do you want to disconnect Google Calendar? Syncing stops and access is revoked at Google."
              onConfirm={() => disconnect.mutate()}
              loading={disconnect.isPending}
              testId="google-disconnect"
            >
              Disconnect
            </ConfirmButton>
          </>
        ) : (
          // Not configured: the button stays, disabled, with the reason written above it.
          connectButton
        )}
      </Space>
    </Card>
  );
}
