import { io, type Socket } from 'socket.io-client';
// Types only: the event schemas (and zod) stay out of the apps' JavaScript.
import type { ServerToClientEvents } from './realtime';
import { realtimePath } from './realtime.constants';

export type RealtimeSocket = Socket<ServerToClientEvents>;

/**
 * Opens a Socket.IO connection of either app (the back office's `lib/realtime-client.ts`, Ajar
 * Belajar's `features/chat/api/live.ts`) at `/api/socket.io` on the page's origin, authenticated
 * with the session's token; Socket.IO reconnects by itself after a network loss. Only the
 * signed-in parts import it (Ajar Belajar lazily): socket.io-client stays out of the first screen.
 */
export function openRealtimeSocket(token: string): RealtimeSocket {
  return io({ path: realtimePath, auth: { token }, transports: ['websocket', 'polling'] });
}
