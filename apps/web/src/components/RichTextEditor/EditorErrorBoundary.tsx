import { Alert } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportUnexpectedError } from '../../shell/errorReporting';
import { deltaText, toDelta } from './delta';
import type { RichTextEditorProps } from './types';

interface Props {
  value: RichTextEditorProps['value'];
  testId?: string;
  children: ReactNode;
}

/**
 * An editor that fails (a document it cannot render, Quill throwing) shows the document's text instead of taking
 * the whole screen — the task drawer, the request detail — down with it.
 */
export class EditorErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportUnexpectedError(error, info.componentStack ?? undefined);
  }

  override render() {
    if (!this.state.failed) {
      return this.props.children;
    }
    return (
      <div className="rich-text-editor rich-text-editor--failed" data-testid={this.props.testId}>
        <Alert
          type="warning"
          showIcon
          title="This text could not be opened in the editor; it is shown as plain text."
        />
        <div style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{deltaText(toDelta(this.props.value))}</div>
      </div>
    );
  }
}
