import { io, type Socket } from 'socket.io-client';
import { realtimePath, type ServerToClientEvents } from '@ajar/shared/realtime';

export type LiveSocket = Socket<ServerToClientEvents>;

/**
 * Opens the app's Socket.IO connection at `/api/socket.io` with the member token (DESIGN §12).
 * Only `live.ts` imports this module, lazily: socket.io-client stays out of the first screen.
 */
export function openSocket(token: string): LiveSocket {
  return io({ path: realtimePath, auth: { token }, transports: ['websocket', 'polling'] });
}
