import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * One owner per websocket path on the shared HTTP server. socket.io answers /socket.io itself (it is attached with
 * destroyUpgrade off, so it leaves other paths alone); the paths given here go to their handler; any other upgrade
 * is refused so a stray client does not hold a socket open.
 */
export function routeUpgrades(server: Server, handlers: Record<string, UpgradeHandler>) {
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (path === '/socket.io' || path.startsWith('/socket.io/')) {
      return;
    }
    for (const [prefix, handle] of Object.entries(handlers)) {
      if (path === prefix || path.startsWith(`${prefix}/`)) {
        handle(request, socket, head);
        return;
      }
    }
    socket.destroy();
  });
}
