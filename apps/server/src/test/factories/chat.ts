import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import {
  realtimePath,
  type RealtimeEventName,
  type RealtimePayload,
  type ServerToClientEvents,
} from '@ajar/shared/realtime';
import { assignTrainer, buildProgramWithTopics } from './activities';
import { joinProgram, type TestMember } from './members';
import { authHeader, buildUser } from './users';

export type ChatSocket = Socket<ServerToClientEvents>;

/** A published program with a trainer linked to it and a member who redeemed it. */
export async function buildChatProgram(
  app: FastifyInstance,
  options: { member?: TestMember } = {},
) {
  const { program, topics } = await buildProgramWithTopics(app.db, { topics: 1 });
  const trainer = await buildUser(app.db, { role: 'trainer', fullname: 'Trainer Satu' });
  await assignTrainer(app.db, program.id, trainer.id);
  const trainerHeaders = await authHeader(app.db, trainer);
  const { member } = await joinProgram(app, program.id, { member: options.member });
  return { program, topic: topics[0]!, trainer, trainerHeaders, member };
}

export const tokenOf = (headers: { authorization: string }) =>
  headers.authorization.replace(/^Bearer /, '');

/** A Socket.IO client of the app listening at `url`, connected (or rejected) before returning. */
export function connectSocket(url: string, token: string | null): Promise<ChatSocket> {
  const socket: ChatSocket = io(url, {
    path: realtimePath,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** The next event `name` whose payload passes `match`, or a rejection after `ms`. */
export function nextEvent<E extends RealtimeEventName>(
  socket: ChatSocket,
  name: E,
  match: (payload: RealtimePayload<E>) => boolean = () => true,
  ms = 5000,
): Promise<RealtimePayload<E>> {
  return new Promise((resolve, reject) => {
    // Socket.IO's typed `on` cannot narrow a generic event name; the map types the payload.
    const on = socket.on.bind(socket) as (e: string, fn: (p: RealtimePayload<E>) => void) => void;
    const off = socket.off.bind(socket) as (e: string, fn: (p: RealtimePayload<E>) => void) => void;
    const timer = setTimeout(() => {
      off(name, handler);
      reject(new Error(`no ${name} within ${ms} ms`));
    }, ms);
    const handler = (payload: RealtimePayload<E>) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      off(name, handler);
      resolve(payload);
    };
    on(name, handler);
  });
}

/** Collects every `name` event the socket receives (to prove one never arrives). */
export function collectEvents<E extends RealtimeEventName>(socket: ChatSocket, name: E) {
  const seen: RealtimePayload<E>[] = [];
  const on = socket.on.bind(socket) as (e: string, fn: (p: RealtimePayload<E>) => void) => void;
  on(name, (payload) => seen.push(payload));
  return seen;
}
