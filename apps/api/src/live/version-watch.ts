import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { listenChannel } from '../db/listen-channel';

/** PostgreSQL channel on which a starting instance announces the build it serves. */
const VERSION_CHANNEL = 'app_version';

type Announce = (version: string, buildHash: string) => void;

/**
 * How an instance learns that a new build is deployed: every instance announces its build with NOTIFY when it
 * starts listening, and every instance LISTENs. One that hears another build hash than its own tells its
 * version-channel sockets (version.update), so during a rolling deploy the browsers still served by old instances
 * show the update banner. A single instance restarted on a new build needs none of this: its reconnecting
 * sockets receive the current build when they join the version channel and compare it with the one they loaded.
 */
export async function watchVersions(
  pool: pg.Pool,
  own: { version: string; buildHash: string },
  announce: Announce,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const listener = await listenChannel(pool, VERSION_CHANNEL, {
    onMessage: (payload) => {
      try {
        const heard = JSON.parse(payload) as { version: string; build_hash: string };
        if (heard.build_hash !== own.buildHash || heard.version !== own.version) {
          announce(heard.version, heard.build_hash);
        }
      } catch (error) {
        log.error({ err: error }, 'unreadable version announcement');
      }
    },
    log,
  });
  return {
    /** Called once this instance accepts connections. */
    async announceSelf() {
      await pool.query('select pg_notify($1, $2)', [
        VERSION_CHANNEL,
        JSON.stringify({ version: own.version, build_hash: own.buildHash }),
      ]);
    },
    close() {
      return listener.close();
    },
  };
}
