import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The upload baseline: node:http taking a PUT body to disk as plainly as it can be done durably — a write stream to a
 * temporary file, fsync, rename — with none of the API's work (signature, size and type checks, database). The
 * upload bench sends it the same file with the same client, so "the API against a bare server" is measured in the
 * same run beside `cp`.
 */
const folder = await mkdtemp(path.join(tmpdir(), 'portal-bench-bare-'));
let count = 0;
const server = createServer((request, response) => {
  count += 1;
  const part = path.join(folder, `${count}.part`);
  const target = path.join(folder, `${count}.bin`);
  pipeline(request, createWriteStream(part, { highWaterMark: 1024 * 1024 }))
    .then(async () => {
      const handle = await open(part, 'r+');
      await handle.sync();
      await handle.close();
      await rename(part, target);
      response.end('{}');
      await rm(target);
    })
    .catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message === 'stop') {
    server.close(() => rm(folder, { recursive: true, force: true }).then(() => process.exit(0)));
  }
});
