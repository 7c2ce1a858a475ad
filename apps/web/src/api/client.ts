import { APP_VERSION_HEADER } from '@portal/domain';
import { ApiError } from './errors';
import type { ApiEvents } from './events';
import type { TokenStore } from './token';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Whether a 401 means "the session is over" (clear the token, go to sign-in). Sign-in itself answers 401 for wrong
   * credentials, which is a form error, not an expired session.
   */
  sessionExpiresOn401?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  tokens: TokenStore;
  events: ApiEvents;
  appVersion: string;
  baseUrl?: string;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  readonly tokens: TokenStore;
  readonly events: ApiEvents;
}

/** Query strings such as page[size]=15; an array repeats its key (the caller writes filters[status][] itself). */
export function buildQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) {
    return '';
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) {
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        params.append(key, String(item));
      }
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const baseUrl = deps.baseUrl ?? '/api';

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [APP_VERSION_HEADER]: deps.appVersion,
    };
    const token = deps.tokens.get();
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }

    // A network failure or an abort rejects here; callers (and the query cache) see it as is.
    const response = await deps.fetch(`${baseUrl}${path}${buildQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const payload = await readJson(response);

    if (response.ok) {
      return payload as T;
    }

    const body = (payload && typeof payload === 'object' ? payload : {}) as ApiError['body'];
    const error = new ApiError(response.status, body);
    if (response.status === 401 && options.sessionExpiresOn401 !== false) {
      deps.tokens.clear();
      deps.events.emit('unauthorized');
    } else if (response.status === 503) {
      deps.events.emit('maintenance');
    } else if (error.isVersionMismatch) {
      deps.events.emit('version-mismatch');
    }
    throw error;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    tokens: deps.tokens,
    events: deps.events,
  };
}
