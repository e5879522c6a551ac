import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEventName, RealtimePayload } from '@ajar/shared/realtime';
import type { RealtimeSocket } from '@ajar/shared/realtime-socket';
import { readSession, subscribeSession } from '../../../api/session';

/**
 * The one live connection of the signed-in app: events of the shared map (chat messages, unread
 * totals, read marks, the trainer's presence) reach the screens that listen. The socket code is
 * loaded on first use (a dynamic import), reconnects by itself after a network loss, follows the
 * session (a new token replaces it, signing out closes it).
 */

type AnyHandler = (payload: unknown) => void;
const handlers = new Map<string, Set<AnyHandler>>();
const stateListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let socket: RealtimeSocket | null = null;
let token: string | null = null;
let connected = false;
let opening: Promise<void> | null = null;

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of stateListeners) listener();
}

function attach(next: RealtimeSocket) {
  let connectedBefore = false;
  next.on('connect', () => {
    setConnected(true);
    // Events may have been missed while away: the screens reload what they show.
    if (connectedBefore) for (const listener of reconnectListeners) listener();
    connectedBefore = true;
  });
  next.on('disconnect', () => setConnected(false));
  next.onAny((event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  });
}

/** Connects (once) with the current session; closes a socket of an ended session. */
export function ensureLive(): Promise<void> {
  const current = readSession()?.token ?? null;
  if (current === token && (socket || opening)) return opening ?? Promise.resolve();
  socket?.close();
  socket = null;
  token = current;
  setConnected(false);
  if (!current) return Promise.resolve();
  // Loaded on first use: socket.io-client stays out of the first screen.
  opening = import('@ajar/shared/realtime-socket').then(({ openRealtimeSocket }) => {
    opening = null;
    if (token !== current) return;
    socket = openRealtimeSocket(current);
    attach(socket);
  });
  return opening;
}

subscribeSession(() => {
  if (socket || opening) void ensureLive();
});

/** Calls `handler` for every `event` while the component is mounted. */
export function useLiveEvent<E extends RealtimeEventName>(
  event: E,
  handler: (payload: RealtimePayload<E>) => void,
) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: AnyHandler = (payload) => latest.current(payload as RealtimePayload<E>);
    const set = handlers.get(event) ?? new Set<AnyHandler>();
    set.add(listener);
    handlers.set(event, set);
    void ensureLive();
    return () => {
      set.delete(listener);
    };
  }, [event]);
}

/** Calls `handler` after every reconnection. */
export function useLiveReconnect(handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener = () => latest.current();
    reconnectListeners.add(listener);
    return () => {
      reconnectListeners.delete(listener);
    };
  }, []);
}

/** Whether the live connection is up now. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => connected,
  );
}

/** When a refetch asked by a live event happens: a random moment in this window (ms). */
export const liveRefetchWindow = { min: 500, max: 3_000 } as const;
const scheduledRefetches = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * A live event says `queryKey` changed in a way the event cannot carry: the data is marked stale
 * at once (a screen opened meanwhile loads it fresh), and the screens showing it refetch once, at
 * a random moment within `liveRefetchWindow`, however many events come meanwhile. A whole
 * cohort told at once then spreads its requests instead of sending them in the same instant.
 */
export function refetchSoon(client: QueryClient, queryKey: QueryKey, random = Math.random) {
  void client.invalidateQueries({ queryKey, refetchType: 'none' });
  const id = JSON.stringify(queryKey);
  if (scheduledRefetches.has(id)) return;
  const { min, max } = liveRefetchWindow;
  const timer = setTimeout(
    () => {
      scheduledRefetches.delete(id);
      void client.refetchQueries({ queryKey, type: 'active' });
    },
    min + random() * (max - min),
  );
  scheduledRefetches.set(id, timer);
}
