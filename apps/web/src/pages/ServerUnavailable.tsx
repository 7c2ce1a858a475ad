import { MESSAGES } from '@portal/domain';

/** The signed-in user could not be loaded for a reason other than an ended session (network, server error). */
export function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="full-page-center" role="alert" data-testid="server-unavailable">
      <h1 className="status-title">{MESSAGES.somethingWrong}</h1>
      <button type="button" className="plain-button plain-button-primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
