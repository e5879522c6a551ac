import type { QueryClient } from '@tanstack/react-query';

/** What public/sw-offline.js posts when it answered a member API read from what it kept. */
const keptAnswerMessage = 'ajar-seen-answer';
const firstDelayMs = 2_000;
const longestDelayMs = 60_000;

/**
 * When the connection returns, every screen on show reads its data again by itself. The browser
 * may say 'online' a moment before requests get through (the service worker then answers from
 * what it kept): while online, such an answer schedules another read, 2 s later, doubling to 1 min.
 */
export function refetchOnReconnect(
  client: QueryClient,
  worker: EventTarget | undefined = navigator.serviceWorker,
): () => void {
  let delay = firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const onOnline = () => {
    stop();
    delay = firstDelayMs;
    void client.invalidateQueries();
  };
  const onKeptAnswer = (event: Event) => {
    const data = (event as MessageEvent<unknown>).data as { type?: unknown } | null;
    if (data?.type !== keptAnswerMessage || !navigator.onLine || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void client.invalidateQueries();
    }, delay);
    delay = Math.min(delay * 2, longestDelayMs);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', stop);
  worker?.addEventListener('message', onKeptAnswer);
  return () => {
    stop();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', stop);
    worker?.removeEventListener('message', onKeptAnswer);
  };
}
