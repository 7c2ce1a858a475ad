import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { AppConfig } from '../../config';

type AiConfig = NonNullable<AppConfig['ai']>;
export type ChatMessage = { role: 'system' | 'user'; content: string };

/** A provider failure, said so a person can act on it (the raw provider body may echo the text, so it is not kept). */
export class AiProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiProviderError';
  }
}

const TIMEOUT_MS = 60_000;

/**
 * The provider's calls go through the guarded outbound client (`ctx.outbound.forConfiguredHost(AI_BASE_URL,
 * AI_OUTBOUND)`): AI_BASE_URL's host is admitted as configured (a local model server is normal), a redirect elsewhere
 * is checked like any outbound call, and an answer stream longer than this is refused.
 */
export const AI_OUTBOUND = { totalTimeoutMs: TIMEOUT_MS, maxResponseBytes: 1024 * 1024 };

export function describeProviderError(error: unknown, config: AiConfig): string {
  if (error instanceof APIConnectionTimeoutError) {
    return 'The AI provider did not answer in time. Please try again.';
  }
  if (error instanceof APIConnectionError) {
    return `The AI provider at ${config.baseUrl} could not be reached. Please try again later or ask an administrator to check AI_BASE_URL.`;
  }
  if (error instanceof APIError) {
    switch (error.status) {
      case 401:
      case 403:
        return 'The AI provider refused the API key. Please ask an administrator to check AI_API_KEY.';
      case 404:
        return `The AI provider does not know the model "${config.model}". Please ask an administrator to check AI_MODEL.`;
      case 429:
        return 'The AI provider is busy or out of quota. Please try again in a few minutes.';
      default:
        return `The AI provider failed (status ${error.status ?? 'unknown'}). Please try again later.`;
    }
  }
  return 'The AI provider sent an answer that could not be read. Please try again.';
}

/**
 * Streams the completion's text pieces from an OpenAI-compatible chat-completions endpoint (OpenAI, Ollama,
 * llama.cpp, vLLM …). The first await throws AiProviderError when the provider refuses the call, so the caller can
 * still answer with a status; later failures surface while iterating.
 */
export async function streamChat(
  config: AiConfig,
  messages: ChatMessage[],
  signal: AbortSignal,
  fetch: typeof globalThis.fetch,
): Promise<AsyncIterable<string>> {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    fetch,
    // Local servers need no key, but the client insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    timeout: TIMEOUT_MS,
    maxRetries: 0,
  });
  let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
  try {
    stream = await client.chat.completions.create(
      { model: config.model, messages, stream: true, temperature: 0.3 },
      { signal },
    );
  } catch (error) {
    throw error instanceof APIUserAbortError ? error : new AiProviderError(describeProviderError(error, config));
  }
  return (async function* pieces() {
    try {
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) {
          yield piece;
        }
      }
    } catch (error) {
      throw error instanceof APIUserAbortError ? error : new AiProviderError(describeProviderError(error, config));
    }
  })();
}
