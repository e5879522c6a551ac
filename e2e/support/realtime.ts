import type { Page, WebSocket } from 'playwright-core';
import { realtimePath } from '@ajar/shared/realtime';

/**
 * Opens `path` and waits until the page's Socket.IO connection is accepted (the server's CONNECT
 * answer, `40…`, is sent after the socket has joined its rooms). A test that makes the server emit
 * an event the page must show live calls this first: an event sent before the connection exists
 * reaches no one, however long the test then waits.
 */
export async function gotoConnected(page: Page, path: string, timeout = 30_000): Promise<void> {
  let onSocket!: (ws: WebSocket) => void;
  const connected = new Promise<void>((resolve) => {
    onSocket = (ws) => {
      if (!new URL(ws.url()).pathname.startsWith(realtimePath)) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    };
  });
  page.on('websocket', onSocket);
  let timer: NodeJS.Timeout | undefined;
  try {
    await page.goto(path);
    await Promise.race([
      connected,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no realtime connection on ${path} within ${timeout} ms`)),
          timeout,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    page.off('websocket', onSocket);
  }
}
