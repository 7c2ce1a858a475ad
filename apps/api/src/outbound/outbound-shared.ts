/** What the guarded client (http-client.ts) and its fetch face (guarded-fetch.ts) share. */

export type OutboundRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The caller's own abort (on top of the client's timeouts). */
  signal?: AbortSignal;
};

/** An answer whose body is not read yet (redirects already followed): for streaming callers (guarded-fetch.ts). */
export type OpenedResponse = {
  status: number;
  headers: Record<string, string>;
  body: AsyncIterable<Buffer> & { destroy(): void };
  url: string;
  /** Aborts at the total timeout or with the caller's signal: reads of the body end with it. */
  signal: AbortSignal;
};

/** Why a call was not made or not finished: the address, the scheme, a redirect loop, a timeout, or the size cap (fetch). */
export class OutboundRefused extends Error {
  constructor(
    message: string,
    readonly code: 'not_public' | 'bad_url' | 'too_many_redirects' | 'timeout' | 'too_large',
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

/** The guard's refusal may arrive wrapped by undici; a timeout shows as an abort. */
export function unwrap(error: unknown, signal: AbortSignal): unknown {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof OutboundRefused) {
      return current;
    }
    current = (current as { cause?: unknown }).cause;
  }
  if (signal.aborted) {
    return new OutboundRefused('the call took too long', 'timeout');
  }
  const code = (error as { code?: string }).code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new OutboundRefused('the call took too long', 'timeout');
  }
  return error;
}
