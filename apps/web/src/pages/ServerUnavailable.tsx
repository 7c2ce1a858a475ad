import { MESSAGES } from '@portal/domain';
import { Button } from 'antd';

/** The signed-in user could not be loaded for a reason other than an ended session (network, server error). */
export function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="full-page-center" role="alert" data-testid="server-unavailable">
      <h1 className="status-title">{MESSAGES.somethingWrong}</h1>
      <Button type="primary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
