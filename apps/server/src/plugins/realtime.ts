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

/** Who a socket belongs to, set once at connection. */
export type SocketIdentity =
  { kind: 'staff'; id: string; role: RoleKey } | { kind: 'member'; id: string };

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
    const closers: (() => Promise<unknown>)[] = [];
    if (app.config.REDIS_URL) {
      const pub = createClient({ url: app.config.REDIS_URL });
      const sub = pub.duplicate();
      pub.on('error', (err: unknown) => app.log.error({ err }, 'redis publisher'));
      sub.on('error', (err: unknown) => app.log.error({ err }, 'redis subscriber'));
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub));
      closers.push(
        () => pub.quit(),
        () => sub.quit(),
      );
    }

    io.use((socket, next) => {
      const token = tokenOf(socket);
      const resolve = async (): Promise<SocketIdentity | null> => {
        if (!token) return null;
        const user = await authenticate(app, token);
        if (user) return { kind: 'staff', id: user.id, role: user.role };
        const member = await findSessionMember(app.db, hashToken(token));
        return member ? { kind: 'member', id: member.id } : null;
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
      void socket.join(rooms);
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
    });

    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      // The HTTP server is Fastify's; io.close() only reports that it is already closed.
      await io.close();
      await Promise.allSettled(closers.map((close) => close()));
    });
  },
  { name: 'realtime' },
);
