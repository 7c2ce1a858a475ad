import type pg from 'pg';

export type ChannelHandlers = {
  onMessage: (payload: string) => void;
  /** The connection is gone: whatever the channel kept true may now be missed (stop trusting it). */
  onLost?: () => void;
  /** Listening again after a loss: drop what may have been missed meanwhile. */
  onRestored?: () => void;
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
};

export type ChannelListener = { close: () => Promise<void> };

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * LISTENs on one PostgreSQL channel on a dedicated connection, and keeps listening: a lost connection (a database
 * restart, a failover, a network cut) is replaced with growing pauses (0.5 s doubling to 30 s), so an instance that
 * lost the channel of another instance's cache drops does not serve stale state until it is restarted. The first
 * connection must succeed (a start without its channels would be wrong from the beginning).
 */
export async function listenChannel(
  pool: pg.Pool,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) {
    throw new Error(`Not a plain channel name: ${channel}`);
  }
  let client: pg.PoolClient | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = await pool.connect();
    let lost = false;
    const onGone = (error?: Error) => {
      if (lost || closed) {
        return;
      }
      lost = true;
      client = null;
      next.release(error ?? true);
      handlers.log?.error({ err: error, channel }, 'database channel lost; listening again shortly');
      handlers.onLost?.();
      schedule();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) {
        handlers.onMessage(message.payload ?? '');
      }
    });
    next.on('error', onGone);
    next.on('end', () => onGone());
    try {
      await next.query(`listen ${channel}`);
    } catch (error) {
      onGone(error as Error);
      throw error;
    }
    client = next;
  };

  const schedule = () => {
    if (closed || timer) {
      return;
    }
    timer = setTimeout(async () => {
      timer = null;
      try {
        await connect();
        retryMs = FIRST_RETRY_MS;
        handlers.onRestored?.();
      } catch {
        // connect() scheduled the next attempt when the connection broke; a refused connect did not.
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        schedule();
      }
    }, retryMs);
    timer.unref();
  };

  try {
    await connect();
  } catch (error) {
    closed = true;
    if (timer) {
      clearTimeout(timer);
    }
    throw error;
  }
  return {
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      client?.release(true);
      client = null;
    },
  };
}
