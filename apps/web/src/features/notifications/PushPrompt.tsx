import { BellOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { PUSH_PROMPT_DISMISSED_KEY, shouldShowPushPrompt } from './pushRules';
import { pushSupported } from './pushSubscription';
import type { usePushPermission } from './usePushPermission';

/**
 * The push-permission prompt (doc 1 §2, §4): Allow asks the browser (a granted permission then registers this
 * browser, see NotificationBell); No thanks is remembered in this browser. It stays until answered.
 */
export function PushPrompt({
  pushPreference,
  push,
}: {
  pushPreference: '1' | '0' | undefined;
  push: ReturnType<typeof usePushPermission>;
}) {
  const [dismissed, setDismissed] = useState(() => window.localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === '1');
  const show = shouldShowPushPrompt({
    supported: pushSupported(),
    pushPreference,
    permission: push.permission,
    dismissed,
  });
  if (!show) {
    return null;
  }
  return (
    <Card size="small" className="push-prompt" role="dialog" aria-label="Push notifications" data-testid="push-prompt">
      <Space align="start">
        <BellOutlined className="push-prompt-icon" />
        <span>{MESSAGES.pushPrompt}</span>
      </Space>
      <div className="push-prompt-actions">
        <Button
          onClick={() => {
            window.localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, '1');
            setDismissed(true);
          }}
          data-testid="push-prompt-no"
        >
          No thanks
        </Button>
        <Button type="primary" onClick={() => void push.request()} data-testid="push-prompt-allow">
          Allow
        </Button>
      </div>
    </Card>
  );
}
