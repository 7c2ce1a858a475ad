import { MESSAGES } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { setUiState } from '../state/uiStore';

/** Shown while the API answers 503, except on the routes allowed during maintenance. */
export function MaintenancePage() {
  const queryClient = useQueryClient();
  const retry = () => {
    // Ask again: if the API still answers 503 the client raises the flag once more.
    setUiState({ maintenance: false });
    void queryClient.invalidateQueries();
  };
  return (
    <Result
      status="info"
      title={MESSAGES.underMaintenance}
      subTitle={MESSAGES.maintenance}
      data-testid="maintenance-page"
      extra={
        <Button type="primary" onClick={retry}>
          Try again
        </Button>
      }
    />
  );
}
