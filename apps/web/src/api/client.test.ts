import { MESSAGES } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildQueryString, createApiClient } from './client';
import { ApiError, describeError, describeLoginError, isAbortError } from './errors';
import { type ApiEvent, createApiEvents } from './events';
import { createMemoryTokenStore } from './token';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: Response | Error, token: string | null = 'token-1') {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) {
      throw response;
    }
    return response;
  });
  const events = createApiEvents();
  const seen: ApiEvent[] = [];
  for (const event of ['unauthorized', 'maintenance', 'version-mismatch'] as const) {
    events.on(event, () => seen.push(event));
  }
  const tokens = createMemoryTokenStore(token);
  const client = createApiClient({ fetch: fetchMock, tokens, events, appVersion: '1.0.53' });
  return { client, fetchMock, tokens, seen };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('API client requests', () => {
  it('sends the bearer token, the app version header and JSON to /api', async () => {
    const { client, fetchMock } = setup(jsonResponse(200, { data: { ok: true } }));
    const result = await client.post<{ data: { ok: boolean } }>('/login', { email: 'a@b.c' });
    expect(result).toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.c' }));
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'x-app-version': '1.0.53',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header without a token', async () => {
    const { client, fetchMock } = setup(jsonResponse(200, {}), null);
    await client.get('/config');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('encodes query parameters, repeating array values', () => {
    expect(buildQueryString({ search_term: 'a b', 'page[size]': 15, skip: undefined, 'f[]': ['x', 'y'] })).toBe(
      '?search_term=a+b&page%5Bsize%5D=15&f%5B%5D=x&f%5B%5D=y',
    );
    expect(buildQueryString({})).toBe('');
  });
});

describe('API client error handling (doc 1 §8)', () => {
  it("on 401 clears the token, signals the session end and reads 'Your not authorized.'", async () => {
    const { client, tokens, seen } = setup(jsonResponse(401, { message: 'Unauthenticated.' }));
    const error = await failureOf(client.get('/user'));
    expect(error).toBeInstanceOf(ApiError);
    expect(tokens.get()).toBeNull();
    expect(seen).toEqual(['unauthorized']);
    expect(describeError(error)).toBe(MESSAGES.unauthorized);
  });

  it('keeps the token when sign-in itself answers 401 and shows the server message', async () => {
    const { client, tokens, seen } = setup(jsonResponse(401, { message: MESSAGES.invalidCredentials }), 'old');
    const error = await failureOf(client.post('/login', {}, { sessionExpiresOn401: false }));
    expect(tokens.get()).toBe('old');
    expect(seen).toEqual([]);
    expect(describeLoginError(error)).toBe(MESSAGES.invalidCredentials);
  });

  it("falls back to 'Sorry, a problem occurred, please try again' for a sign-in failure without message", async () => {
    const { client } = setup(jsonResponse(500, undefined));
    expect(describeLoginError(await failureOf(client.post('/login', {})))).toBe(MESSAGES.loginFailed);
    expect(describeLoginError(new TypeError('Failed to fetch'))).toBe(MESSAGES.loginFailed);
  });

  it('on 503 signals maintenance and shows the maintenance message', async () => {
    const { client, seen } = setup(jsonResponse(503, { message: 'down' }));
    const error = await failureOf(client.get('/user'));
    expect(seen).toEqual(['maintenance']);
    expect(describeError(error)).toBe(MESSAGES.maintenance);
  });

  it('on 400 invalid_api_version signals the update modal and shows no message', async () => {
    const { client, seen } = setup(jsonResponse(400, { message: 'invalid_api_version' }));
    const error = await failureOf(client.get('/user'));
    expect(seen).toEqual(['version-mismatch']);
    expect(describeError(error)).toBeNull();
  });

  it('treats another 400 as an ordinary failure with the server message', async () => {
    const { client, seen } = setup(jsonResponse(400, { message: 'Bad input' }));
    const error = await failureOf(client.get('/x'));
    expect(seen).toEqual([]);
    expect(describeError(error)).toBe('Bad input');
  });

  it('on 422 with one field error shows that message and exposes the field errors', async () => {
    const { client } = setup(jsonResponse(422, { message: 'Invalid', errors: { email: [MESSAGES.invalidEmail] } }));
    const error = await failureOf(client.post('/register', {}));
    expect(describeError(error)).toBe(MESSAGES.invalidEmail);
    expect((error as ApiError).fieldErrors).toEqual({ email: [MESSAGES.invalidEmail] });
  });

  it("on 422 with several field errors shows 'Some fields need your attention…'", async () => {
    const { client } = setup(
      jsonResponse(422, { message: 'Invalid', errors: { email: [MESSAGES.required], password: [MESSAGES.required] } }),
    );
    expect(describeError(await failureOf(client.post('/register', {})))).toBe(MESSAGES.fieldsNeedAttention);
  });

  it('on 422 without field errors shows the server message', async () => {
    const { client } = setup(jsonResponse(422, { message: 'Token expired' }));
    expect(describeError(await failureOf(client.post('/reset-password', {})))).toBe('Token expired');
  });

  it('shows the first error of an errors object on other statuses', async () => {
    const { client } = setup(jsonResponse(409, { message: 'Conflict', errors: { name: ['Taken', 'Other'] } }));
    expect(describeError(await failureOf(client.get('/x')))).toBe('Taken');
  });

  it("shows the server message for other failures, else 'Something went wrong!'", async () => {
    expect(describeError(await failureOf(setup(jsonResponse(403, { message: 'Nope' })).client.get('/x')))).toBe('Nope');
    expect(describeError(await failureOf(setup(jsonResponse(500, undefined)).client.get('/x')))).toBe(
      MESSAGES.somethingWrong,
    );
    expect(describeError(await failureOf(setup(new TypeError('Failed to fetch')).client.get('/x')))).toBe(
      MESSAGES.somethingWrong,
    );
  });

  it('ignores aborted requests', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client, seen } = setup(abort);
    const error = await failureOf(client.get('/global-search'));
    expect(isAbortError(error)).toBe(true);
    expect(describeError(error)).toBeNull();
    expect(describeLoginError(error)).toBeNull();
    expect(seen).toEqual([]);
  });

  it('signals nothing on success', async () => {
    const { client, seen } = setup(jsonResponse(200, { data: [] }));
    await client.get('/config');
    expect(seen).toEqual([]);
  });
});
