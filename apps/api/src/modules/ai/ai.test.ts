import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildUser } from '../../../test/factories';
import { type FakeChatServer, startFakeChatServer } from '../../../test/fake-chat-completions';
import { getTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { aiRequests } from '../../db/schema';

/**
 * POST /api/ai/enhance against a local HTTP server that speaks the OpenAI chat-completions protocol, streaming
 * included (test/fake-chat-completions.ts): no network and no real model are involved.
 */

let provider: FakeChatServer;
let app: Awaited<ReturnType<typeof getTestApp>>['app'];
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  provider = await startFakeChatServer();
  ({ app, db, close } = await getTestApp({
    env: { AI_BASE_URL: provider.url, AI_MODEL: 'fake-model', AI_API_KEY: 'test-key', AI_REQUESTS_PER_HOUR: '5' },
  }));
  actors = await buildActors(db);
});
afterAll(async () => {
  await close();
  await provider.close();
});

const enhance = (payload: object, token = actors.admin.token) =>
  app.inject({ method: 'POST', url: '/api/ai/enhance', headers: bearer(token), payload });

/** The server-sent events of a body, in order. */
function events(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}');
      return { event, data };
    });
}

describe('streaming', () => {
  it('streams the rewritten text as server-sent events and ends with done', async () => {
    const res = await enhance({ action: 'improve', text: 'we has a new logo for you' }, actors.freelancer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const received = events(res.body);
    const pieces = received.filter((e) => e.event === 'message');
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.map((e) => e.data.text).join('')).toBe('Polished: we has a new logo for you');
    expect(received.at(-1)).toEqual({ event: 'done', data: {} });
    const call = provider.calls.at(-1);
    expect(call).toMatchObject({ model: 'fake-model', stream: true });
    // The text goes as the user's message only; the instructions say what to do with it.
    expect(call?.messages[0]?.content).toContain('Improve the clarity');
    expect(call?.messages[0]?.content).not.toContain('logo');
    expect(call?.messages[1]).toEqual({ role: 'user', content: 'we has a new logo for you' });
  });

  it('rewrites only the selection of a delta (embeds count one character, as in Quill)', async () => {
    const delta = { ops: [{ insert: 'Hello ' }, { insert: { image: '/api/uploads/x' } }, { insert: 'big world\n' }] };
    const res = await enhance({ action: 'shorten', delta, selection: { index: 7, length: 9 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(provider.calls.at(-1)?.messages[1]?.content).toBe('big world');
    expect(provider.calls.at(-1)?.messages[0]?.content).toContain('shorter');
  });

  it('asks for the chosen tone', async () => {
    expect((await enhance({ action: 'change_tone', text: 'Send it now.' })).statusCode).toBe(422);
    const res = await enhance({ action: 'change_tone', tone: 'friendly', text: 'Send it now.' });
    expect(res.statusCode).toBe(200);
    expect(provider.calls.at(-1)?.messages[0]?.content).toContain('friendly tone');
  });

  it('refuses empty or missing text and unknown actions with 422', async () => {
    expect((await enhance({ action: 'improve', text: '   ' })).json().errors.text).toEqual([
      'There is no text to enhance',
    ]);
    expect((await enhance({ action: 'improve' })).statusCode).toBe(422);
    expect((await enhance({ action: 'translate', text: 'x' })).statusCode).toBe(422);
    expect((await enhance({ action: 'improve', text: 'x'.repeat(20_001) })).statusCode).toBe(422);
  });
});

describe('provider errors', () => {
  it.each([
    [401, 'The AI provider refused the API key. Please ask an administrator to check AI_API_KEY.'],
    [404, 'The AI provider does not know the model "fake-model". Please ask an administrator to check AI_MODEL.'],
    [429, 'The AI provider is busy or out of quota. Please try again in a few minutes.'],
    [500, 'The AI provider failed (status 500). Please try again later.'],
  ])('answers 502 with a clear message when the provider answers %i', async (status, message) => {
    provider.failWith(status);
    try {
      const res = await enhance({ action: 'improve', text: 'Some text' }, (await buildUser(db)).token);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message, code: 'ai_provider_error' });
    } finally {
      provider.failWith(null);
    }
  });

  it('says the provider cannot be reached when nothing listens at AI_BASE_URL', async () => {
    const down = await startFakeChatServer();
    await down.close();
    const other = await getTestApp({ env: { AI_BASE_URL: down.url, AI_MODEL: 'm' } });
    try {
      const user = await buildUser(other.db);
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/ai/enhance',
        headers: bearer(user.token),
        payload: { action: 'improve', text: 'Hello' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('could not be reached');
    } finally {
      await other.close();
    }
  });

  it('ends the stream with an error event when the provider dies mid-answer', async () => {
    provider.breakMidStream(true);
    try {
      const res = await enhance({ action: 'improve', text: 'A longer text to break' }, (await buildUser(db)).token);
      expect(res.statusCode).toBe(200);
      const last = events(res.body).at(-1);
      expect(last?.event).toBe('error');
      expect(last?.data.message).toMatch(/^The AI provider/);
    } finally {
      provider.breakMidStream(false);
    }
  });
});

describe('rate limit and log', () => {
  it('allows AI_REQUESTS_PER_HOUR calls per user per hour, then answers 429 saying when to retry, in the text and in Retry-After', async () => {
    const user = await buildUser(db);
    for (let i = 0; i < 5; i += 1) {
      expect((await enhance({ action: 'fix_grammar', text: `Text ${i}` }, user.token)).statusCode).toBe(200);
    }
    const refused = await enhance({ action: 'fix_grammar', text: 'One more' }, user.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'You have used the writing assistant 5 times in the last hour. Please try again in 60 minutes.',
      code: 'ai_rate_limited',
    });
    // The oldest of the hour's calls frees its slot an hour after it was made: a little under 3,600 s from now.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another person is not affected.
    expect((await enhance({ action: 'fix_grammar', text: 'Mine' }, (await buildUser(db)).token)).statusCode).toBe(200);
  });

  it('logs each call with sizes and outcome, never the text', async () => {
    const user = await buildUser(db);
    await enhance({ action: 'improve', text: 'Confidential launch plan' }, user.token);
    const rows = await db.select().from(aiRequests).where(eq(aiRequests.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'improve',
      inputChars: 24,
      outputChars: 'Polished: Confidential launch plan'.length,
      status: 'completed',
    });
    expect(JSON.stringify(rows)).not.toContain('Confidential');
  });
});

describe('configuration', () => {
  it('tells the web app through GET config whether the assistant is configured', async () => {
    expect((await app.inject({ url: '/api/config' })).json().ai_enabled).toBe(true);
    const bare = await getTestApp();
    try {
      expect((await bare.app.inject({ url: '/api/config' })).json().ai_enabled).toBe(false);
      const user = await buildUser(bare.db);
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/ai/enhance',
        headers: bearer(user.token),
        payload: { action: 'improve', text: 'Hello' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ai_not_configured' });
      expect(res.json().message).toContain('AI_MODEL');
    } finally {
      await bare.close();
    }
  });

  it('is for staff only', async () => {
    expect((await enhance({ action: 'improve', text: 'x' }, actors.contact.token)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/ai/enhance', payload: {} })).statusCode).toBe(401);
  });
});
