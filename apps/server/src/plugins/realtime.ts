import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { isProgramScoped, type RoleKey } from '@ajar/shared/common/roles';
import { socketLimits } from '@ajar/shared/common/write-limits';
import {
  allStaffTarget,
  memberTarget,
  realtimePath,
  userTarget,
  type RealtimeEventName,
  type RealtimePayload,
  type RealtimeTarget,
  type ServerToClientEvents,
} from '@ajar/shared/realtime';
import { hashToken } from '../lib/tokens';
import { authenticate, type FindStaffSession } from './auth';
import type { FindMemberSession } from './member-auth';

/** How long closing the sockets and Redis may take at shutdown before Redis is cut. */
const closeTimeoutMs = 2_000;

/** What readiness and shutdown need of a node-redis client. */
interface RedisConnection {
  readonly isReady: boolean;
  readonly isOpen: boolean;
  close(): Promise<void>;
  destroy(): void;
}

/** Who a socket belongs to, set once at connection. */
export type SocketIdentity = { sessionId: string; sessionExpiresAt: Date } & (
  { kind: 'staff'; id: string; role: RoleKey } | { kind: 'member'; id: string }
);

/** Which sockets to end: one session's, or every session of a user or member but one. */
export type SessionScope =
  { sessionId: string } | { target: RealtimeTarget; keepSessionId?: string };

/** The room of one session's sockets (internal: events go to user/member targets, never here). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

type ConnectHandler = (identity: SocketIdentity) => Promise<void>;

export interface Realtime {
  /** Sends an event to every socket of a target, on every server (Redis adapter). Services only. */
  emit<E extends RealtimeEventName>(
    target: RealtimeTarget | RealtimeTarget[],
    event: E,
    payload: RealtimePayload<E>,
  ): void;
  /** Runs after a socket has connected and joined its rooms (e.g. presence). */
  onConnect(handler: ConnectHandler): void;
  /** How many sockets a target has, over every server. */
  countSockets(target: RealtimeTarget): Promise<number>;
  /** Sockets connected to this server now (for `/api/metrics`). */
  localSocketCount(): number;
  /**
   * Runs when the last socket of a user or member closes, counted over every server (the Redis
   * adapter's `fetchSockets`); not while the app shuts down.
   */
  onLastDisconnect(handler: ConnectHandler): void;
  /**
   * Re-checks a staff user's sockets after a role change, on every server: they join or leave
   * the room of the staff who see every private room, as a new connection would.
   */
  applyRole(userId: string, role: RoleKey): void;
  /**
   * Disconnects the sockets of ended sessions at once, on every server: sockets are checked only
   * when they connect, so a logout or a revocation must end them too.
   */
  endSessions(scope: SessionScope): void;
  /** The Redis adapter's connections: `off` without REDIS_URL (readiness, GET /api/health/ready). */
  redisStatus(): 'off' | 'ready' | 'down';
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

interface SocketData {
  identity: SocketIdentity;
}

type AppServer = Server<
  Record<string, never>,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The session lookups of both guards (app.ts wires the modules' repositories). */
export interface RealtimePluginOptions {
  findStaffSession: FindStaffSession;
  findMemberSession: FindMemberSession;
}

/** setTimeout's longest delay (about 24.8 days); a longer session re-arms its timer. */
const maxTimerMs = 2 ** 31 - 1;

/**
 * Closes the socket when its session expires (sockets are checked only when they connect; a
 * revocation ends them through `endSessions`). The caller clears `timer` on disconnect.
 */
function closeAtExpiry(socket: Socket, expiresAt: Date): { timer: NodeJS.Timeout | undefined } {
  const state: { timer: NodeJS.Timeout | undefined } = { timer: undefined };
  const arm = () => {
    const left = expiresAt.getTime() - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    state.timer = setTimeout(arm, Math.min(left, maxTimerMs));
    state.timer.unref();
  };
  arm();
  return state;
}

function tokenOf(socket: Socket): string | null {
  const auth: unknown = socket.handshake.auth;
  if (auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string') {
    return auth.token;
  }
  return null;
}

/**
 * Socket.IO on the app's HTTP server at `/api/socket.io`. A socket authenticates with
 * its session token (staff or member) at connection and joins only its own rooms: `user:{id}` or
 * `member:{id}`, plus `staff:all` for the staff who see every private room. Events go to those
 * rooms, so a socket never receives another user's messages. With `REDIS_URL` the Redis adapter
 * carries events between servers; without it everything stays in this process.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, { findStaffSession, findMemberSession }: RealtimePluginOptions) => {
    const io: AppServer = new Server(app.server, {
      path: realtimePath,
      serveClient: false,
      cors: { origin: false },
    });
    const redisClients: RedisConnection[] = [];
    if (app.config.REDIS_URL) {
      // Loaded only when configured: a single server never holds the Redis client.
      const [{ createClient }, { createAdapter }] = await Promise.all([
        import('redis'),
        import('@socket.io/redis-adapter'),
      ]);
      const pub = createClient({ url: app.config.REDIS_URL });
      const sub = pub.duplicate();
      pub.on('error', (err: unknown) => app.log.error({ err }, 'redis publisher'));
      sub.on('error', (err: unknown) => app.log.error({ err }, 'redis subscriber'));
      // The adapter publishes without awaiting: a publish cut by a lost connection would be an
      // unhandled rejection, which ends the process. Logged instead; node-redis reconnects and
      // resubscribes by itself, so events cross servers again once Redis is back.
      const publish = (...args: Parameters<typeof pub.publish>) =>
        pub.publish(...args).catch((err: unknown) => {
          app.log.warn({ err }, 'redis publish lost');
          return 0;
        });
      const adapterPub = new Proxy(pub, {
        get(target, prop) {
          if (prop === 'publish') return publish;
          const value: unknown = Reflect.get(target, prop, target);
          // Bound: the client's methods use private fields, which a proxy as `this` cannot reach.
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(adapterPub, sub));
      redisClients.push(pub, sub);
    }

    io.use((socket, next) => {
      const token = tokenOf(socket);
      const resolve = async (): Promise<SocketIdentity | null> => {
        if (!token) return null;
        const user = await authenticate(findStaffSession, token);
        if (user) {
          const { id, role, sessionId, sessionExpiresAt } = user;
          return { kind: 'staff', id, role, sessionId, sessionExpiresAt };
        }
        const member = await findMemberSession(hashToken(token));
        if (!member) return null;
        const { id, sessionId, sessionExpiresAt } = member;
        return { kind: 'member', id, sessionId, sessionExpiresAt };
      };
      resolve().then(
        (identity) => {
          if (!identity) return next(new Error('unauthorized'));
          socket.data.identity = identity;
          next();
        },
        (err: unknown) => {
          app.log.error({ err }, 'socket auth');
          next(new Error('unauthorized'));
        },
      );
    });

    const handlers: ConnectHandler[] = [];
    const lastDisconnectHandlers: ConnectHandler[] = [];
    let closing = false;
    const run = (list: ConnectHandler[], identity: SocketIdentity, what: string) => {
      for (const handler of list) {
        handler(identity).catch((err: unknown) => app.log.error({ err }, what));
      }
    };
    /**
     * Keeps at most `max` sockets in `room`, over every server (the Redis adapter's
     * `fetchSockets`): the oldest are closed, so the newest tab (the one the person looks at)
     * always has its events, and one token can never hold more than the cap (docs/decisions.md).
     * With Redis away, this server's sockets only.
     */
    const capRoom = async (room: string, max: number) => {
      const sockets = await io
        .in(room)
        .fetchSockets()
        .catch(async (err: unknown) => {
          app.log.warn({ err }, 'socket cap across servers failed; capping this server only');
          return io.local.in(room).fetchSockets();
        });
      if (sockets.length <= max) return;
      const oldestFirst = [...sockets].sort(
        (a, b) => a.handshake.issued - b.handshake.issued || a.id.localeCompare(b.id),
      );
      for (const old of oldestFirst.slice(0, sockets.length - max)) old.disconnect(true);
    };

    io.on('connection', (socket) => {
      const identity = socket.data.identity;
      const own = identity.kind === 'member' ? memberTarget(identity.id) : userTarget(identity.id);
      const rooms: RealtimeTarget[] =
        identity.kind === 'member' || isProgramScoped(identity.role)
          ? [own]
          : [own, allStaffTarget];
      void socket.join([...rooms, sessionRoom(identity.sessionId)]);
      const expiry = closeAtExpiry(socket, identity.sessionExpiresAt);
      socket.on('disconnect', () => {
        clearTimeout(expiry.timer);
        if (closing) return;
        // The socket has left its rooms: any socket still in `own` is another one, on any server.
        io.in(own)
          .fetchSockets()
          .then(
            (rest) => {
              if (rest.length === 0 && !closing)
                run(lastDisconnectHandlers, identity, 'socket last disconnect handler');
            },
            (err: unknown) => app.log.warn({ err }, 'socket count after disconnect'),
          );
      });
      run(handlers, identity, 'socket connect handler');
      capRoom(sessionRoom(identity.sessionId), socketLimits.perSession)
        .then(() => capRoom(own, socketLimits.perAccount))
        .catch((err: unknown) => app.log.warn({ err }, 'socket cap'));
    });

    app.decorate<Realtime>('realtime', {
      emit(target, event, payload) {
        // Socket.IO's generic emit cannot narrow a union of event names; the map types both ends.
        (io.to(target).emit as (e: string, p: unknown) => boolean)(event, payload);
      },
      onConnect(handler) {
        handlers.push(handler);
      },
      onLastDisconnect(handler) {
        lastDisconnectHandlers.push(handler);
      },
      async countSockets(target) {
        try {
          return (await io.in(target).fetchSockets()).length;
        } catch (err) {
          // Redis away: the other servers cannot answer, and this server's events reach only its
          // own sockets meanwhile, so its own count is the one that holds (never a failed request).
          app.log.warn({ err }, 'socket count across servers failed; counting this server only');
          return (await io.local.in(target).fetchSockets()).length;
        }
      },
      localSocketCount: () => io.of('/').sockets.size,
      applyRole(userId, role) {
        const sockets = io.in(userTarget(userId));
        if (isProgramScoped(role)) sockets.socketsLeave(allStaffTarget);
        else sockets.socketsJoin(allStaffTarget);
      },
      endSessions(scope) {
        if ('sessionId' in scope) {
          io.in(sessionRoom(scope.sessionId)).disconnectSockets(true);
          return;
        }
        const sockets = io.in(scope.target);
        (scope.keepSessionId
          ? sockets.except(sessionRoom(scope.keepSessionId))
          : sockets
        ).disconnectSockets(true);
      },
      redisStatus() {
        if (redisClients.length === 0) return 'off';
        return redisClients.every((client) => client.isReady) ? 'ready' : 'down';
      },
    });

    app.addHook('preClose', async () => {
      closing = true;
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      // The HTTP server is Fastify's; io.close() only reports that it is already closed. Bounded:
      // with Redis away, the adapter's unsubscribe and a graceful close would wait for it.
      const graceful = io
        .close()
        .then(() => Promise.allSettled(redisClients.map((client) => client.close())));
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, closeTimeoutMs);
      });
      await Promise.race([graceful, timedOut]);
      clearTimeout(timer);
      for (const client of redisClients) if (client.isOpen) client.destroy();
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
