import { MESSAGES } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { USER_QUERY_KEY } from '../../auth/queries';
import { reportSuccess } from '../../shell/feedback';
import { disableTotp, getMfaStatus, MFA_KEY, regenerateRecoveryCodes } from './api';
import { PasskeysPanel } from './PasskeysPanel';
import { ProofModal } from './ProofModal';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';

/** "Security" on one's own profile: two-factor authentication with an authenticator app, passkeys and recovery codes. */
export function SecuritySection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: MFA_KEY, queryFn: ({ signal }) => getMfaStatus(signal) });
  const [fresh, setFresh] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'codes' | 'off' | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: MFA_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };

  let body: React.ReactNode;
  if (status.isPending) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (fresh) {
    body = (
      <Space orientation="vertical">
        <Alert type="success" showIcon title="Two-factor authentication is on." />
        <RecoveryCodes codes={fresh} />
        <Button type="primary" onClick={() => setFresh(null)} data-testid="recovery-codes-saved">
          I have saved them
        </Button>
      </Space>
    );
  } else if (status.data?.totp) {
    body = (
      <Space orientation="vertical">
        <Typography.Text data-testid="mfa-on">
          Two-factor authentication is on: signing in asks for a code from your authenticator app.{' '}
          {status.data.recovery_codes_left} recovery codes left.
        </Typography.Text>
        <Space wrap>
          <Button onClick={() => setDialog('codes')} data-testid="mfa-new-codes">
            New recovery codes
          </Button>
          <Button danger onClick={() => setDialog('off')} data-testid="mfa-turn-off">
            Turn off
          </Button>
        </Space>
      </Space>
    );
  } else {
    body = (
      <Space orientation="vertical">
        {status.data?.required && !status.data.passkeys ? (
          <Alert type="warning" showIcon title={MESSAGES.secondFactorEnrolmentRequired} />
        ) : null}
        <TotpEnrolment
          onConfirmed={(codes) => {
            setFresh(codes);
            refresh();
          }}
        />
      </Space>
    );
  }

  return (
    <Card title="Security" size="small" data-testid="security-section">
      <Typography.Title level={2} className="card-subtitle">
        Two-factor authentication
      </Typography.Title>
      {body}
      {status.data && !fresh ? <PasskeysPanel status={status.data} onChanged={refresh} /> : null}
      {dialog === 'codes' ? (
        <ProofModal
          title="New recovery codes"
          okText="Make new codes"
          allowPassword={false}
          submit={(proof) => regenerateRecoveryCodes(proof.code ?? '')}
          onDone={refresh}
          after={(codes) => <RecoveryCodes codes={codes} />}
          onClose={() => setDialog(null)}
          testId="mfa-codes"
        />
      ) : null}
      {dialog === 'off' ? (
        <ProofModal
          title="Turn off two-factor authentication"
          okText="Turn off"
          allowPassword
          submit={disableTotp}
          onDone={(answer) => {
            reportSuccess(answer.message);
            setDialog(null);
            refresh();
          }}
          onClose={() => setDialog(null)}
          testId="mfa-off"
        />
      ) : null}
    </Card>
  );
}
