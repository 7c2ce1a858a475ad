import { MESSAGES } from '@portal/domain';
import { Button, Result, Space } from 'antd';
import { useConfig } from '../auth/queries';
import { useSignOut } from '../auth/useSignOut';
import { usePageTitle } from '../routes/usePageTitle';

/** Client contacts are not served by this app: they only get the way to the new client dashboard. */
export function ClientNoticePage() {
  const config = useConfig();
  const signOut = useSignOut();
  usePageTitle('Client dashboard');
  return (
    <Result
      status="info"
      title={MESSAGES.movedToClientDashboard}
      data-testid="client-notice"
      extra={
        <Space wrap>
          {config ? (
            <Button type="primary" href={config.client_dashboard_url} data-testid="client-dashboard-link">
              Go to the client dashboard
            </Button>
          ) : null}
          <Button onClick={() => void signOut()} data-testid="client-logout">
            Logout
          </Button>
        </Space>
      }
    />
  );
}
