import { Alert, Card, Input, Typography } from 'antd';
import { useState } from 'react';
import { useConfig } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { EnhancePanel } from '../../components/AiAssistant/EnhancePanel';
import { PageHeader } from '../common/PageHeader';

type Selection = { start: number; end: number };

/**
 * /assistant (doc 1 §2): the writing assistant on any text. Select part of the text to work on that part only;
 * an accepted suggestion replaces it in the box, ready to copy. Without a configured provider it tells super users
 * how to enable it, and others that it is not available.
 */
export function AssistantPage() {
  const config = useConfig();
  const ability = useAbility();
  const [text, setText] = useState('');
  const [selection, setSelection] = useState<Selection>({ start: 0, end: 0 });
  const selected = selection.end > selection.start;
  const source = selected ? text.slice(selection.start, selection.end) : text;

  if (config && !config.ai_enabled && !ability.isSuperUser) {
    // Reached by its address only (the menu hides it): the setup steps are no use to someone who cannot apply them.
    return (
      <div className="list-page" data-testid="assistant-page">
        <PageHeader title="Writing assistant" />
        <Alert
          type="info"
          showIcon
          data-testid="assistant-unavailable"
          title="The writing assistant is not available. An administrator can set it up."
        />
      </div>
    );
  }

  if (config && !config.ai_enabled) {
    return (
      <div className="list-page" data-testid="assistant-page">
        <PageHeader title="Writing assistant" />
        <Alert
          type="info"
          showIcon
          data-testid="assistant-not-configured"
          message="The writing assistant is not configured"
          description={
            <>
              <Typography.Paragraph>
                It works with any OpenAI-compatible chat-completions provider: a hosted one or a local server such as
                Ollama or llama.cpp. An administrator enables it by setting these environment variables and restarting
                the server:
              </Typography.Paragraph>
              <ul>
                <li>
                  <code>AI_MODEL</code>: the model name (for example <code>gpt-4o-mini</code> or <code>llama3.1</code>)
                </li>
                <li>
                  <code>AI_BASE_URL</code>: the provider's API address (for example{' '}
                  <code>http://localhost:11434/v1</code> for Ollama); OpenAI's when left out
                </li>
                <li>
                  <code>AI_API_KEY</code>: the provider's key, when it needs one
                </li>
              </ul>
            </>
          }
        />
      </div>
    );
  }

  return (
    <div className="list-page" data-testid="assistant-page">
      <PageHeader title="Writing assistant" />
      <Card size="small">
        <Typography.Paragraph type="secondary">
          Paste or write a text, choose what to do, and accept the suggestion or discard it. Select part of the text to
          work on that part only.
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="Text"
          data-testid="assistant-text"
          value={text}
          autoSize={{ minRows: 6, maxRows: 16 }}
          onChange={(event) => {
            setText(event.target.value);
            setSelection({ start: 0, end: 0 });
          }}
          onSelect={(event) => {
            const area = event.currentTarget;
            setSelection({ start: area.selectionStart, end: area.selectionEnd });
          }}
          style={{ marginBottom: 12 }}
        />
        <EnhancePanel
          source={source}
          sourceLabel={selected ? 'the selection' : 'the whole text'}
          onAccept={(suggestion) => {
            setText(selected ? text.slice(0, selection.start) + suggestion + text.slice(selection.end) : suggestion);
            setSelection({ start: 0, end: 0 });
          }}
        />
      </Card>
    </div>
  );
}
