import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it). Used for the embedded PostgreSQL
 * when EMBEDDED_PG_PORT is 0, so test and CI runs never collide with a server some earlier run left behind.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}
