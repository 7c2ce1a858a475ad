import { MESSAGES } from '@portal/domain';
import { Alert, Button } from 'antd';

/** 'A new update is available…' with a Refresh button; loaded only once an update is detected (see ShellNotices). */
export function UpdateBanner() {
  return (
    <Alert
      banner
      type="info"
      data-testid="update-banner"
      title={MESSAGES.updateBanner}
      action={
        <Button size="small" type="primary" onClick={() => window.location.reload()}>
          Refresh
        </Button>
      }
    />
  );
}
