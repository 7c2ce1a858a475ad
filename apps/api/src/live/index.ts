import type { FastifyInstance } from 'fastify';
import { startCollaboration } from '../collab/collab-server';
import type { AppContext } from '../context';
import { startLiveServer } from './live-server';
import { routeUpgrades } from './upgrades';
import { watchVersions } from './version-watch';

/**
 * Live updates on the app's own HTTP server: socket.io at /socket.io (live-server.ts) and, beside it, the
 * collaborative editor's websocket at /collaboration (collab/). Both close before the HTTP server does, so an
 * open websocket never holds a shutdown.
 */
export async function registerRealtime(app: FastifyInstance, ctx: AppContext) {
  const live = await startLiveServer(app, ctx);
  const versions = await watchVersions(ctx.db.$client, ctx.config, live.announceVersion, app.log);
  const collab = await startCollaboration(app, ctx);
  routeUpgrades(app.server, { '/collaboration': collab.handleUpgrade });
  app.addHook('onListen', () => versions.announceSelf());
  app.addHook('preClose', async () => {
    await versions.close();
    await collab.close();
    await live.close();
  });
  return { live, collab };
}
