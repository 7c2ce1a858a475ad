import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

/**
 * With REDIS_URL, socket.io's Redis adapter carries every room broadcast to the other instances, so an event
 * raised on one instance reaches the sockets connected to all of them. Answers how to close its connections and
 * whether Redis answers (/api/ready).
 */
export async function connectRedisAdapter(
  io: Server,
  url: string,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<{ close: () => Promise<void>; ping: () => Promise<boolean> }> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // node-redis reconnects by itself; an unhandled 'error' would crash the process instead.
  pub.on('error', (error) => log.error({ err: error }, 'live redis (publish) error'));
  sub.on('error', (error) => log.error({ err: error }, 'live redis (subscribe) error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: 'portal-live' }));
  return {
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
    ping: async () => (await pub.ping()) === 'PONG',
  };
}
