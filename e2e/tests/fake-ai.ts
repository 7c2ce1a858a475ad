import { startFakeChatServer } from '../../apps/api/test/fake-chat-completions';

/**
 * The local chat-completions server (OpenAI protocol, streaming) the e2e app's AI_BASE_URL points at
 * (playwright.config.ts: E2E_AI_PORT). It answers "Polished: <text>".
 */
export function startFakeAi() {
  return startFakeChatServer(Number(process.env.E2E_AI_PORT));
}
