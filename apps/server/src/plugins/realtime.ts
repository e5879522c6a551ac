import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { isProgramScoped, type RoleKey } from '@ajar/shared/common/roles';
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
import { findSessionMember } from '../modules/members/member-sessions.repository';
import { authenticate } from './auth';

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
export type SocketIdentity = { sessionId: string } & (
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

function tokenOf(socket: Socket): string | null {
  const auth: unknown = socket.handshake.auth;
  if (auth && typeof auth === 'object' && 'token' in auth && typeof auth.token === 'string') {
    return auth.token;
  }
  return null;
}

/**
 * Socket.IO on the app's HTTP server at `/api/socket.io` (DESIGN §6). A socket authenticates with
 * its session token (staff or member) at connection and joins only its own rooms: `user:{id}` or
 * `member:{id}`, plus `staff:all` for the staff who see every private room. Events go to those
 * rooms, so a socket never receives another user's messages. With `REDIS_URL` the Redis adapter
 * carries events between servers; without it everything stays in this process.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const io: AppServer = new Server(app.server, {
      path: realtimePath,
      serveClient: false,
      cors: { origin: false },
    });
    const redisClients: RedisConnection[] = [];
    if (app.config.REDIS_URL) {
      const pub = createClient({ url: app.config.REDIS_URL });
      const sub = pub.duplicate();
      pub.on('error', (err: unknown) => app.log.error({ err }, 'redis publisher'));
      sub.on('error', (err: unknown) => app.log.error({ err }, 'redis subscriber'));
      // The adapter publishes without awaiting: a publish cut by a lost connection would be an
      // unhandled rejection, which ends the process. Logged instead; node-redis reconnects and
      // resubscribes by itself, so events cross servers again once Redis is back (issue 10).
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
        const user = await authenticate(app, token);
        if (user) return { kind: 'staff', id: user.id, role: user.role, sessionId: user.sessionId };
        const member = await findSessionMember(app.db, hashToken(token));
        return member ? { kind: 'member', id: member.id, sessionId: member.sessionId } : null;
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
    io.on('connection', (socket) => {
      const identity = socket.data.identity;
      const rooms: RealtimeTarget[] =
        identity.kind === 'member'
          ? [memberTarget(identity.id)]
          : [userTarget(identity.id), ...(isProgramScoped(identity.role) ? [] : [allStaffTarget])];
      void socket.join([...rooms, sessionRoom(identity.sessionId)]);
      for (const handler of handlers) {
        handler(identity).catch((err: unknown) => app.log.error({ err }, 'socket connect handler'));
      }
    });

    app.decorate<Realtime>('realtime', {
      emit(target, event, payload) {
        // Socket.IO's generic emit cannot narrow a union of event names; the map types both ends.
        (io.to(target).emit as (e: string, p: unknown) => boolean)(event, payload);
      },
      onConnect(handler) {
        handlers.push(handler);
      },
      async countSockets(target) {
        return (await io.in(target).fetchSockets()).length;
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
  { name: 'realtime' },
);
