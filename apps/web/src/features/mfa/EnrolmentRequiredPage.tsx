import { MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { USER_QUERY_KEY } from '../../auth/queries';
import { useSignOut } from '../../auth/useSignOut';
import { AuthCard } from '../../pages/AuthCard';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';

/**
 * Shown instead of the app to a person whose role requires a second factor and who has none: the API answers
 * nothing else until they have one (403 mfa_enrolment_required), so this is the whole app for now.
 */
export function EnrolmentRequiredPage() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <AuthCard
      title="Set up two-factor authentication"
      footer={
        <Button type="link" onClick={() => void signOut()} data-testid="mfa-required-sign-out">
          Sign out
        </Button>
      }
    >
      <div data-testid="mfa-required">
        {codes ? (
          <Space orientation="vertical">
            <RecoveryCodes codes={codes} />
            <Button
              type="primary"
              block
              onClick={() => void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY })}
              data-testid="mfa-required-continue"
            >
              Continue
            </Button>
          </Space>
        ) : (
          <Space orientation="vertical">
            <Alert type="warning" showIcon title={MESSAGES.secondFactorEnrolmentRequired} />
            <TotpEnrolment onConfirmed={setCodes} />
          </Space>
        )}
      </div>
    </AuthCard>
  );
}
