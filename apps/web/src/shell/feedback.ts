import type { message } from 'antd';
import { describeError } from '../api/errors';

/**
 * antd's message API bound to the app's theme (message.useMessage), kept here so code outside components (the query cache's
 * error hooks) can show messages. FeedbackBridge loads it with the first message.
 */
type MessageInstance = ReturnType<typeof message.useMessage>[0];

let messageApi: MessageInstance | null = null;
/** Messages reported before the API arrived (it loads with the first one); shown as soon as it is there. */
const waiting: ((api: MessageInstance) => void)[] = [];
let loadApi: (() => void) | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
  if (api) {
    for (const show of waiting.splice(0)) {
      show(api);
    }
  }
}

/** FeedbackBridge says how to load the API; it is called at once when a message is already waiting. */
export function onMessageApiWanted(load: (() => void) | null): void {
  loadApi = load;
  if (load && waiting.length > 0) {
    load();
  }
}

function show(message: (api: MessageInstance) => void): void {
  if (messageApi) {
    message(messageApi);
    return;
  }
  waiting.push(message);
  loadApi?.();
}

/** Shows the catalogue message for a failure (doc 1 §8); the same text twice at once shows once. */
export function reportError(error: unknown): void {
  const text = describeError(error);
  if (text) {
    show((api) => void api.error({ content: text, key: text }));
  }
}

export function reportSuccess(text: string): void {
  show((api) => void api.success({ content: text, key: text }));
}
