import { connectSocket, type ChatSocket } from './factories/chat';
import { createTestApp, type TestApp } from './test-app';

/** A test app listening on a free port, for Socket.IO clients at `/api/socket.io`. */
export interface SocketTestApp extends TestApp {
  /** The app's base address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** A client connected with this staff or member session token; closed with the app. */
  socketFor(token: string): Promise<ChatSocket>;
}

/**
 * `createTestApp` listening on a free port. `close()` closes every socket opened with
 * `socketFor`, then the app.
 */
export async function createSocketTestApp(
  env: Record<string, string> = {},
): Promise<SocketTestApp> {
  const t = await createTestApp(env);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const open: ChatSocket[] = [];
  return {
    ...t,
    url,
    async socketFor(token) {
      const socket = await connectSocket(url, token);
      open.push(socket);
      return socket;
    },
    async close() {
      for (const socket of open) socket.close();
      await t.close();
    },
  };
}
