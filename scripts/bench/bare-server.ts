import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The baseline: node:http answering fixed bytes, with the same headers the API sends. */
// Large answers come as a file: an environment variable is limited to 128 KB on Linux.
const body = process.env.BENCH_BODY_FILE
  ? readFileSync(process.env.BENCH_BODY_FILE)
  : Buffer.from(process.env.BENCH_BODY ?? '{}');
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'x-request-id': crypto.randomUUID(),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message === 'stop') {
    server.close(() => process.exit(0));
  }
});
