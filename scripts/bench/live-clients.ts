import { io, type Socket } from 'socket.io-client';

/**
 * A child of `npm run bench live`: opens COUNT sockets to each of URLS (round robin) with TOKEN, joins
 * model.changes, and records for every model.changes event how long after its `sent` stamp (the title) it arrived.
 * IPC: reports {ready} once all are connected; answers 'report' with the latencies and 'stop' by closing.
 */
const urls = (process.env.URLS ?? '').split(',');
const count = Number(process.env.COUNT ?? 100);
const token = process.env.TOKEN ?? '';
const sockets: Socket[] = [];
const latencies: number[] = [];

async function open(url: string) {
  const socket = io(url, { transports: ['websocket'], auth: { token }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await socket.emitWithAck('subscribe', { channel: 'model.changes' });
  socket.on('model.changes', (event: { payload: { title?: string } }) => {
    const sent = Number(/sent=(\d+)/.exec(event.payload.title ?? '')?.[1]);
    if (sent) {
      latencies.push(Date.now() - sent);
    }
  });
}

for (let i = 0; i < count; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, count - i) }, (_, j) => open(urls[(i + j) % urls.length] ?? urls[0] ?? '')),
  );
}
process.send?.({ ready: sockets.length });
process.on('message', (message) => {
  if (message === 'report') {
    process.send?.({ latencies: latencies.splice(0) });
  } else if (message === 'stop') {
    for (const socket of sockets) {
      socket.close();
    }
    process.exit(0);
  }
});
