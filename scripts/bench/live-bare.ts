import { createServer } from 'node:http';
import { Hocuspocus } from '@hocuspocus/server';
import { Server } from 'socket.io';
import { WebSocketServer } from 'ws';

/**
 * The same-run floor for `npm run bench live`: a bare socket.io server and a bare Hocuspocus (no authentication, no
 * rooms, no persistence) on one port, in their own process like the app. The bench drives the same clients against
 * it: socket.io gets 'subscribe' acknowledged and a model.changes event broadcast to every socket on each IPC
 * {emit}; Hocuspocus relays the editors' updates. What the app adds on top of these is its own cost.
 */
const server = createServer((_request, response) => {
  response.writeHead(404).end();
});
const io = new Server(server, { path: '/socket.io', serveClient: false, destroyUpgrade: false });
io.on('connection', (socket) => {
  socket.on('subscribe', (_body: unknown, ack?: (answer: { ok: boolean }) => void) => ack?.({ ok: true }));
});

const hocuspocus = new Hocuspocus({ quiet: true });
const sockets = new WebSocketServer({ noServer: true });
server.on('upgrade', (request, socket, head) => {
  if (!request.url?.startsWith('/collaboration')) {
    return;
  }
  sockets.handleUpgrade(request, socket, head, (ws) => {
    const connection = hocuspocus.handleConnection(ws, new Request(`http://localhost${request.url}`));
    ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
    ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

process.on('message', (message: unknown) => {
  if (message === 'stop') {
    void io.close();
    hocuspocus.closeConnections();
    server.close();
    process.exit(0);
  }
  const emit = (message as { emit?: unknown }).emit;
  if (emit) {
    io.emit('model.changes', emit);
  }
});
