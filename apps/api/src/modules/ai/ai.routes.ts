import { aiEnhanceInputSchema } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { AppError } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import { beginAiRequest, finishAiRequest } from './ai-usage';
import { AI_OUTBOUND, AiProviderError, streamChat } from './chat-provider';
import { enhanceMessages, textToEnhance } from './enhance-prompt';

const tags = ['ai'];

export const AI_NOT_CONFIGURED =
  'The writing assistant is not configured. An administrator can enable it by setting AI_MODEL (and AI_BASE_URL for a local server such as Ollama, or AI_API_KEY for a hosted provider).';

const sse = (event: string | null, data: unknown) =>
  `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** The writing assistant (doc 1 §1): rewrites a text through the configured chat-completions provider, streaming. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ai/enhance',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        summary: 'Improve, shorten, fix grammar or change tone of a text or a delta selection (streamed)',
        description:
          'Answers text/event-stream: `data: {"text": "…"}` pieces in order, then `event: done` (`data: {}`) or ' +
          '`event: error` (`data: {"message": "…"}`). Refusals before streaming answer JSON: 422 (input), 429 ' +
          '(rate limit, code ai_rate_limited), 502 (provider, code ai_provider_error), 503 (code ai_not_configured).',
        body: aiEnhanceInputSchema,
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const ai = app.ctx.config.ai;
      if (!ai) {
        throw new AppError(503, AI_NOT_CONFIGURED, { code: 'ai_not_configured' });
      }
      const { action, tone } = request.body;
      const text = textToEnhance(request.body);
      const started = performance.now();
      const id = await beginAiRequest(app.ctx.db, {
        userId: principal.userId,
        action,
        tone: action === 'change_tone' ? (tone ?? null) : null,
        inputChars: text.length,
        perHour: ai.requestsPerHour,
      });
      let output = 0;
      // Logged without the text: who, what, sizes, outcome and time only.
      const finish = async (status: 'completed' | 'failed' | 'cancelled', error?: string) => {
        const durationMs = performance.now() - started;
        await finishAiRequest(app.ctx.db, id, { status, outputChars: output, error, durationMs });
        request.log.info(
          { ai: { action, tone, input_chars: text.length, output_chars: output, status, ms: Math.round(durationMs) } },
          'ai enhance',
        );
      };

      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      let pieces: AsyncIterable<string>;
      try {
        const guarded = app.ctx.outbound.forConfiguredHost(ai.baseUrl, AI_OUTBOUND).fetch;
        pieces = await streamChat(ai, enhanceMessages(action, tone, text), abort.signal, guarded);
      } catch (error) {
        const message = error instanceof AiProviderError ? error.message : 'The request was cancelled.';
        await finish(abort.signal.aborted ? 'cancelled' : 'failed', message);
        throw new AppError(502, message, { code: 'ai_provider_error' });
      }

      // From here the answer is a stream: Fastify's serialisation and compression would hold it back.
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      try {
        for await (const piece of pieces) {
          output += piece.length;
          reply.raw.write(sse(null, { text: piece }));
        }
        reply.raw.write(sse('done', {}));
        await finish('completed');
      } catch (error) {
        if (abort.signal.aborted) {
          await finish('cancelled');
        } else {
          const message =
            error instanceof AiProviderError ? error.message : 'The AI provider stopped answering. Please try again.';
          reply.raw.write(sse('error', { message }));
          await finish('failed', message);
        }
      } finally {
        reply.raw.end();
      }
    },
  );
};
