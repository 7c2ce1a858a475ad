import type { message } from 'antd';
import { describeError } from '../api/errors';

/**
 * antd's message API bound to the app's theme (message.useMessage), kept here so code outside components (the query cache's
 * error hooks) can show messages. FeedbackBridge fills it on mount.
 */
type MessageInstance = ReturnType<typeof message.useMessage>[0];

let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

/** Shows the catalogue message for a failure (doc 1 §8); the same text twice at once shows once. */
export function reportError(error: unknown): void {
  const text = describeError(error);
  if (text && messageApi) {
    void messageApi.error({ content: text, key: text });
  }
}

export function reportSuccess(text: string): void {
  if (messageApi) {
    void messageApi.success({ content: text, key: text });
  }
}
