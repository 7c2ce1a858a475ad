import { type OpenedResponse, OutboundRefused, type OutboundRequest, unwrap } from './outbound-shared';

type Open = (url: string, init?: OutboundRequest) => Promise<OpenedResponse>;

/** Statuses whose Response may not carry a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

function bodyOf(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) {
    return undefined;
  }
  if (typeof body === 'string') {
    return body;
  }
  if (body instanceof URLSearchParams) {
    return body.toString();
  }
  if (body instanceof Uint8Array) {
    return body;
  }
  if (body instanceof ArrayBuffer) {
    return new Uint8Array(body);
  }
  // Streams, forms and blobs: no SDK we hand this to sends them; refuse rather than send something else.
  throw new TypeError('the guarded fetch sends string, URLSearchParams or byte bodies only');
}

/**
 * A `fetch` over the guarded client's `open` (http-client.ts), for SDKs that take a custom fetch (the `openai`
 * client) and for our own fetch-shaped calls (SMS). The body streams through as it arrives, so a streamed
 * completion still streams; once more than `maxBytes` arrived the stream fails with `too_large` (a cut JSON or
 * event stream would be read as a different answer, so it is refused rather than truncated).
 */
export function guardedFetchOf(open: Open, maxBytes: number): typeof fetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : input.toString();
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? request?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const callerSignal = init.signal ?? request?.signal ?? undefined;
    let opened: OpenedResponse;
    try {
      opened = await open(url, {
        method: (init.method ?? request?.method ?? 'GET').toUpperCase(),
        headers,
        body: bodyOf(init.body),
        signal: callerSignal,
      });
    } catch (error) {
      // The caller's own abort stays an abort (SDKs tell it apart from a failure).
      throw callerSignal?.aborted ? callerSignal.reason : error;
    }
    const source = opened.body[Symbol.asyncIterator]();
    let size = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await source.next();
          if (next.done) {
            controller.close();
            return;
          }
          size += next.value.length;
          if (size > maxBytes) {
            opened.body.destroy();
            controller.error(new OutboundRefused(`the answer is longer than ${maxBytes} bytes`, 'too_large'));
            return;
          }
          controller.enqueue(new Uint8Array(next.value));
        } catch (error) {
          controller.error(callerSignal?.aborted ? callerSignal.reason : unwrap(error, opened.signal));
        }
      },
      cancel() {
        opened.body.destroy();
      },
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(opened.headers)) {
      answerHeaders.set(name, value);
    }
    if (NO_BODY.has(opened.status)) {
      opened.body.destroy();
    }
    const response = new Response(NO_BODY.has(opened.status) ? null : stream, {
      status: opened.status,
      headers: answerHeaders,
    });
    Object.defineProperty(response, 'url', { value: opened.url });
    return response;
  };
}
