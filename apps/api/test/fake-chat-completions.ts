import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the OpenAI chat-completions protocol, streaming included (`stream: true` answers
 * server-sent events of `chat.completion.chunk` objects, then `data: [DONE]`), so the writing assistant is tested
 * against the same wire format as OpenAI, Ollama or llama.cpp without any network. By default it answers
 * "Polished: <the user's text>" in small pieces; `failWith` makes it refuse calls the way providers do.
 */
export type FakeChatServer = {
  url: string;
  /** The request bodies received, newest last. */
  calls: { model: string; stream: boolean; messages: { role: string; content: string }[] }[];
  /** Answer the next calls with this HTTP status and OpenAI-style error body (null: answer normally). */
  failWith: (status: number | null) => void;
  /** Break the stream after the first piece (a provider dying mid-answer). */
  breakMidStream: (on: boolean) => void;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const parts: Buffer[] = [];
  for await (const part of request) {
    parts.push(part as Buffer);
  }
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
};

export async function startFakeChatServer(port = 0): Promise<FakeChatServer> {
  const calls: FakeChatServer['calls'] = [];
  let failure: number | null = null;
  let breakStream = false;
  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    const body = await readBody(request);
    calls.push(body);
    if (failure !== null) {
      response.writeHead(failure, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `fake failure ${failure}`, type: 'api_error', code: null } }));
      return;
    }
    const text = String(body.messages?.at(-1)?.content ?? '');
    const answer = `Polished: ${text}`;
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: body.model };
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: object, finish: string | null = null) =>
      response.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    send({ role: 'assistant', content: '' });
    const pieces = answer.match(/.{1,6}/gsu) ?? [];
    for (const [index, piece] of pieces.entries()) {
      send({ content: piece });
      if (breakStream && index === 0) {
        // Let the first piece reach the client, then drop the connection.
        await new Promise((resolve) => setTimeout(resolve, 100));
        response.destroy();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    send({}, 'stop');
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    calls,
    failWith: (status) => {
      failure = status;
    },
    breakMidStream: (on) => {
      breakStream = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
