import { AI_ACTION_LABELS, AI_ACTIONS, AI_TONES, type AiAction, type AiTone } from '@portal/domain';
import { Alert, Button, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useEnhance } from './useEnhance';
import './AiAssistant.css';

const TONE_OPTIONS = AI_TONES.map((tone) => ({ value: tone, label: tone[0]?.toUpperCase() + tone.slice(1) }));

/**
 * Choose what to do with `source`, watch the suggestion stream in, then accept it (handed to `onAccept`) or discard
 * it. Nothing is written anywhere until Accept.
 */
export function EnhancePanel({
  source,
  sourceLabel,
  onAccept,
  onDiscard,
}: {
  source: string;
  /** What the source is: 'the selection', 'the whole text' … */
  sourceLabel: string;
  onAccept(text: string): void;
  onDiscard?(): void;
}) {
  const [action, setAction] = useState<AiAction>('improve');
  const [tone, setTone] = useState<AiTone>('professional');
  const { state, start, cancel, reset } = useEnhance();
  const empty = source.trim().length === 0;
  const suggestion = state.status === 'idle' ? '' : state.text;

  return (
    <Flex vertical gap={12} data-testid="enhance-panel">
      <Typography.Text type="secondary">
        Enhancing {sourceLabel} ({source.trim().length} characters).
      </Typography.Text>
      <Flex wrap gap={8} align="center">
        <Select<AiAction>
          aria-label="What to do"
          data-testid="enhance-action"
          value={action}
          onChange={setAction}
          style={{ minWidth: 170 }}
          options={AI_ACTIONS.map((value) => ({ value, label: AI_ACTION_LABELS[value] }))}
        />
        {action === 'change_tone' ? (
          <Select<AiTone>
            aria-label="Tone"
            data-testid="enhance-tone"
            value={tone}
            onChange={setTone}
            style={{ minWidth: 140 }}
            options={TONE_OPTIONS}
          />
        ) : null}
        {state.status === 'streaming' ? (
          <Button onClick={cancel}>Stop</Button>
        ) : (
          <Button
            type="primary"
            data-testid="enhance-run"
            disabled={empty}
            onClick={() => void start({ action, text: source, ...(action === 'change_tone' ? { tone } : {}) })}
          >
            {state.status === 'idle' ? 'Enhance' : 'Try again'}
          </Button>
        )}
      </Flex>
      {empty ? <Typography.Text type="secondary">Write or select some text first.</Typography.Text> : null}
      {state.status === 'error' ? (
        <Alert type="error" showIcon message={state.message} data-testid="enhance-error" />
      ) : null}
      {suggestion || state.status === 'streaming' ? (
        <div
          className="ai-suggestion"
          aria-live="polite"
          aria-busy={state.status === 'streaming'}
          data-testid="enhance-suggestion"
        >
          <Typography.Text type="secondary" className="ai-suggestion-label">
            Suggestion
          </Typography.Text>
          <div className="ai-suggestion-text">{suggestion || '…'}</div>
        </div>
      ) : null}
      <Space wrap>
        <Button
          type="primary"
          data-testid="enhance-accept"
          disabled={state.status !== 'done' || !state.text}
          onClick={() => {
            if (state.status === 'done') {
              onAccept(state.text);
              reset();
            }
          }}
        >
          Accept
        </Button>
        <Button
          data-testid="enhance-discard"
          onClick={() => {
            reset();
            onDiscard?.();
          }}
        >
          Discard
        </Button>
      </Space>
    </Flex>
  );
}
