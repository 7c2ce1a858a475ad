import { type AiAction, type AiTone, APP_VERSION_HEADER } from '@portal/domain';
import { api } from '../../api';
import { ApiError } from '../../api/errors';
import { parseSse } from './sse';

export type EnhanceRequest = { action: AiAction; tone?: AiTone; text: string };
/**
 * POST ai/enhance, reading the streamed answer: `onText` receives the text so far after each piece; the promise
 * answers the whole text. Refusals (rate limit, provider down, not configured) reject with the server's message.
 */
export async function streamEnhance(
  request: EnhanceRequest,
  onText: (textSoFar: string) => void,
  signal: AbortSignal,
): Promise<string> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
    [APP_VERSION_HEADER]: __APP_VERSION__,
  };
  const token = api.tokens.get();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  const response = await fetch('/api/ai/enhance', {
    method: 'POST',
    headers,
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      throw new Error('The answer stopped before it was complete. Please try again.');
    }
    const parsed = parseSse(buffer + value);
    buffer = parsed.rest;
    for (const event of parsed.events) {
      const data = JSON.parse(event.data || '{}') as { text?: string; message?: string };
      if (event.event === 'done') {
        return text;
      }
      if (event.event === 'error') {
        throw new Error(data.message ?? 'The AI provider failed. Please try again.');
      }
      text += data.text ?? '';
      onText(text);
    }
  }
}
