import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client';
import { type ChannelListener, listenChannel } from '../src/db/listen-channel';
import { getTestApp } from './test-app';

async function until(check: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check() && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

/**
 * The channels that keep several instances' caches in step (sessions, list figures, build announcements) survive a
 * lost connection: the listener is killed the way a database restart or failover kills it, and listens again.
 */
describe('a database channel listens again after its connection is lost', () => {
  let pool: ReturnType<typeof createDb>['pool'];
  let listener: ChannelListener;
  const heard: string[] = [];
  const lifecycle: string[] = [];

  beforeAll(async () => {
    const { db } = await getTestApp();
    const url = String((db.$client as { options: { connectionString: string } }).options.connectionString);
    pool = createDb(url, { max: 4 }).pool;
    listener = await listenChannel(pool, 'listen_channel_test', {
      onMessage: (payload) => heard.push(payload),
      onLost: () => lifecycle.push('lost'),
      onRestored: () => lifecycle.push('restored'),
      log: { error: () => undefined },
    });
  });

  afterAll(async () => {
    await listener?.close();
    await pool?.end();
  });

  it('hears a notification, loses the connection, listens again and hears the next one', async () => {
    await pool.query(`select pg_notify('listen_channel_test', 'first')`);
    expect(await until(() => heard.includes('first'))).toBe(true);

    const killed = await pool.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity where query = 'listen listen_channel_test'`,
    );
    expect(killed.rowCount).toBe(1);
    expect(await until(() => lifecycle.includes('restored'))).toBe(true);
    expect(lifecycle).toEqual(['lost', 'restored']);

    await pool.query(`select pg_notify('listen_channel_test', 'second')`);
    expect(await until(() => heard.includes('second'))).toBe(true);
  });

  it('refuses a channel name that is not a plain identifier (it is spliced into LISTEN)', async () => {
    await expect(listenChannel(pool, 'x; drop table users', { onMessage: () => undefined })).rejects.toThrow(
      'Not a plain channel name',
    );
  });
});
