import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { AppContext } from '../context';
import type { DomainEvent } from '../events/domain-events';
import type { Principal } from '../http/access';
import { resolveAudiences } from './audience';
import { isChannelSignature } from './broadcasting.routes';
import { type Channel, channelRoom, mayJoin, parseChannel } from './channels';
import { LIVE_READ_RULES, readClass } from './read-rules';
import { connectRedisAdapter } from './redis-adapter';
import { eventRooms, modelChangeRooms, projectChannelRoom, userRoom, usersChannelRoom } from './rooms';
import { freelancerPlanIds } from './viewer-plans';

/** How often open sockets are re-checked even without an invalidation (plan membership has no invalidation). */
const RECHECK_MS = 30_000;

type SocketData = {
  token: string | null;
  principal: Principal | null;
  /** Channels this socket joined, by name as the client spelled them. */
  channels: Set<string>;
  /** The rooms model.changes put it in; recomputed at each re-check. */
  modelRooms: string[];
};

type LiveSocket = Socket & { data: SocketData };
type Ack = (answer: { ok: boolean; status?: number }) => void;

/**
 * The live channels on the app's own HTTP server at /socket.io. A socket authenticates with its bearer token in
 * the handshake (`auth.token`); without one it may join only the public version channel. Channels are joined with
 * `subscribe` (same rule as POST broadcasting/auth: live/channels.ts); committed domain events are routed into
 * rooms (live/rooms.ts) with one audience query per event. A revoked or expired token is disconnected when its
 * session is invalidated (the auth cache's NOTIFY reaches every instance) and at the latest at the next re-check.
 */
export async function startLiveServer(app: FastifyInstance, ctx: AppContext) {
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Other upgrade paths (the collaboration editor at /collaboration) are answered by their own handler.
    destroyUpgrade: false,
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const adapter = ctx.config.redisUrl ? await connectRedisAdapter(io, ctx.config.redisUrl, app.log) : null;

  io.use(async (socket, next) => {
    const data = socket.data as SocketData;
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    data.token = token;
    data.channels = new Set();
    data.modelRooms = [];
    data.principal = null;
    if (token) {
      data.principal = await ctx.sessions.resolve(token).catch(() => null);
      if (!data.principal) {
        next(new Error('unauthenticated'));
        return;
      }
    }
    next();
  });

  io.on('connection', (socket: LiveSocket) => {
    socket.on('subscribe', async (body: unknown, ack?: Ack) => {
      const { channel, auth } = (body ?? {}) as { channel?: unknown; auth?: unknown };
      const name = typeof channel === 'string' ? channel : '';
      // An authorisation from POST broadcasting/auth must be this socket's; the rule is checked again either way.
      const signed =
        typeof auth !== 'string' ||
        (socket.data.principal !== null && isChannelSignature(socket.data.principal.tokenHash, socket.id, name, auth));
      const ok = signed && (await join(socket, name).catch(() => false));
      if (typeof ack === 'function') {
        ack(ok ? { ok: true } : { ok: false, status: 403 });
      }
    });
    socket.on('unsubscribe', (body: unknown) => {
      const name =
        typeof (body as { channel?: unknown })?.channel === 'string' ? (body as { channel: string }).channel : '';
      leave(socket, name);
    });
  });

  async function join(socket: LiveSocket, name: string): Promise<boolean> {
    const channel = parseChannel(name);
    const { principal } = socket.data;
    if (!channel || !(await mayJoin(ctx.db, principal, channel))) {
      return false;
    }
    socket.data.channels.add(name);
    if (channel.kind === 'model.changes' && principal) {
      socket.data.modelRooms = await roomsOf(principal);
      void socket.join(socket.data.modelRooms);
    } else {
      const room = channelRoom(channel, principal);
      if (room) {
        void socket.join(room);
      }
      if (channel.kind === 'version') {
        socket.emit('version.update', { version: ctx.config.version, build_hash: ctx.config.buildHash });
      }
    }
    return true;
  }

  function leave(socket: LiveSocket, name: string) {
    const channel = parseChannel(name);
    if (!channel || !socket.data.channels.delete(name)) {
      return;
    }
    if (channel.kind === 'model.changes') {
      for (const room of socket.data.modelRooms) {
        void socket.leave(room);
      }
      socket.data.modelRooms = [];
    } else {
      const room = channelRoom(channel, socket.data.principal);
      if (room) {
        void socket.leave(room);
      }
    }
  }

  async function roomsOf(principal: Principal) {
    const planIds = principal.type === 'freelancer' ? await freelancerPlanIds(ctx.db, principal.userId) : [];
    return modelChangeRooms(principal, planIds);
  }

  /**
   * Re-resolves the sockets' tokens; a dead session disconnects, changed rights or plans move the rooms. What a
   * session may join and its model.changes rooms are worked out once per token, not per socket: thousands of tabs
   * of one person (or one bench token) cost one resolution, one rule check per channel and one plan query.
   */
  async function recheck(filter: (data: SocketData) => boolean) {
    const byToken = new Map<string, LiveSocket[]>();
    for (const socket of io.of('/').sockets.values() as Iterable<LiveSocket>) {
      const { token, principal } = socket.data;
      if (token && principal && filter(socket.data)) {
        const sockets = byToken.get(token);
        if (sockets) {
          sockets.push(socket);
        } else {
          byToken.set(token, [socket]);
        }
      }
    }
    for (const [token, sockets] of byToken) {
      const principal = await ctx.sessions.resolve(token).catch(() => undefined);
      if (principal === undefined) {
        continue; // the database did not answer: keep the sockets rather than drop everyone on a blip
      }
      if (!principal) {
        for (const socket of sockets) {
          socket.disconnect(true);
        }
        continue;
      }
      const allowed = new Map<string, Promise<Channel | null>>();
      const mayStay = (name: string) => {
        let answer = allowed.get(name);
        if (!answer) {
          const channel = parseChannel(name);
          answer = channel
            ? mayJoin(ctx.db, principal, channel).then((ok) => (ok ? channel : null))
            : Promise.resolve(null);
          allowed.set(name, answer);
        }
        return answer;
      };
      let rooms: Promise<string[]> | null = null;
      for (const socket of sockets) {
        socket.data.principal = principal;
        for (const name of [...socket.data.channels]) {
          const channel = await mayStay(name);
          if (!channel) {
            leave(socket, name);
          } else if (channel.kind === 'model.changes') {
            rooms ??= roomsOf(principal);
            moveModelRooms(socket, await rooms);
          }
        }
      }
    }
  }

  /** Puts a socket in the model.changes rooms of its (re-resolved) session; nothing to do when they are the same. */
  function moveModelRooms(socket: LiveSocket, rooms: string[]) {
    const current: string[] = socket.data.modelRooms;
    if (current.length === rooms.length && current.every((room, i) => room === rooms[i])) {
      return;
    }
    const next = new Set(rooms);
    for (const room of current) {
      if (!next.has(room)) {
        void socket.leave(room);
      }
    }
    void socket.join(rooms);
    socket.data.modelRooms = rooms;
  }

  const stopInvalidations = ctx.sessions.cache.onInvalidate((message) => {
    const [kind, value] = message.split(':');
    const filter =
      kind === 'token' && value
        ? (data: SocketData) => data.principal?.tokenHash === value
        : kind === 'user' && value
          ? (data: SocketData) => data.principal?.userId === Number(value)
          : () => true;
    void recheck(filter).catch((error) => app.log.error({ err: error }, 'live re-check failed'));
  });
  const timer = setInterval(() => {
    void recheck(() => true).catch((error) => app.log.error({ err: error }, 'live re-check failed'));
  }, RECHECK_MS);
  timer.unref();

  const stopEvents = ctx.events.subscribe(async (events) => {
    const routed = events.flatMap((event) => {
      const out = outgoing(event);
      return out ? [{ event, out }] : [];
    });
    // Audiences of the whole batch at once (a bulk change announces thousands of events); order kept.
    const needed = routed.filter((r) => r.out.readClass !== undefined).map((r) => r.event);
    const audiences = needed.length ? await resolveAudiences(ctx.db, needed) : new Map();
    for (const { event, out } of routed) {
      const audience = audiences.get(event);
      const rooms = out.room ?? (audience && out.readClass ? eventRooms(out.readClass, audience) : []);
      // io.to([]) would be everyone.
      if (rooms.length) {
        io.to(rooms).emit(out.name, out.data);
      }
    }
  });

  /**
   * The socket event an event becomes and where it goes, by its kind's read rule (read-rules.ts): rooms when they
   * are known now, else the read class whose audience resolveAudiences works out.
   */
  function outgoing(
    event: DomainEvent,
  ): { name: string; data: unknown; room?: string | string[]; readClass?: string } | null {
    const payload = { ...event.payload, ref_token: event.refToken ?? null };
    const delivery = LIVE_READ_RULES[event.model]?.deliver(event) ?? { to: 'none' };
    switch (delivery.to) {
      case 'inbox': {
        // Any mention event (a new mention, a mention read) moves the person's Mentions badge: mention.change.
        const rooms = (event.userIds ?? []).map(usersChannelRoom);
        const name = event.model === 'mention' ? 'mention.change' : 'notification';
        return rooms.length ? { name, room: rooms, data: { action: event.action, id: event.id, payload } } : null;
      }
      case 'plan-channel':
        return { name: 'budget', room: projectChannelRoom(event.id), data: { id: event.id, payload } };
      case 'object':
      case 'named': {
        const name = event.model === 'task' && event.action === 'move' ? 'task.move' : 'model.changes';
        const data = { model: event.model, action: event.action, id: event.id, payload };
        const permission = readClass(delivery.read);
        if (delivery.to === 'named') {
          const rooms = (event.userIds ?? []).map((id) => userRoom(id, permission));
          return rooms.length ? { name, room: rooms, data } : null;
        }
        return { name, data, readClass: permission };
      }
      default:
        return null;
    }
  }

  return {
    io,
    /** Tells this instance's version-channel sockets that another build is live (live/version-watch.ts). */
    announceVersion(version: string, buildHash: string) {
      io.local.to('version').emit('version.update', { version, build_hash: buildHash });
    },
    /** Whether Redis answers; undefined without REDIS_URL (nothing to check). */
    redisReachable: adapter ? () => adapter.ping() : undefined,
    /** This instance's sockets and rooms (metrics). */
    counts: () => ({ sockets: io.of('/').sockets.size, rooms: io.of('/').adapter.rooms.size }),
    async close() {
      clearInterval(timer);
      stopInvalidations();
      stopEvents();
      // Closing the transports without socket.io's disconnect packet: the clients see 'transport close' and
      // reconnect by themselves (through the proxy, to another instance); a server-side disconnect() would leave
      // them disconnected for good.
      io.engine.close();
      await adapter?.close();
    },
  };
}

export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;
