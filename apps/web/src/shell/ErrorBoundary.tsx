import { MESSAGES } from '@portal/domain';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportUnexpectedError } from './errorReporting';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * The fallback page for anything a screen throws while rendering (doc 1 §2). Plain markup: it must work even when a
 * chunk could not be loaded, so it lives in the entry and keeps it small.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportUnexpectedError(error, info.componentStack ?? undefined);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="full-page-center" role="alert" data-testid="error-fallback">
          <h1 className="status-title">{MESSAGES.reloadPage}</h1>
          <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
