import { useEffect, useRef } from 'react';
// Types only: the event schemas (and zod) stay out of the signed-in shell's JavaScript.
import type { RealtimeEventName, RealtimePayload } from '@ajar/shared/realtime';
import { openRealtimeSocket, type RealtimeSocket } from '@ajar/shared/realtime-socket';
import { readSession, subscribeSession } from '../api/session';

let socket: RealtimeSocket | null = null;
let socketToken: string | null = null;

/**
 * The one Socket.IO connection of the signed-in app, authenticated with the session
 * token; Socket.IO reconnects by itself after a network loss. A new session (sign-in as someone
 * else) replaces it, signing out closes it. Imported only from the signed-in shell's chunk, so
 * the login screen never loads socket.io-client.
 */
export function realtimeSocket(): RealtimeSocket | null {
  const token = readSession()?.token ?? null;
  if (token !== socketToken) {
    socket?.close();
    socket = token ? openRealtimeSocket(token) : null;
    socketToken = token;
  }
  return socket;
}

subscribeSession(() => {
  if (socket) realtimeSocket();
});

/** Calls `handler` for every `event` the server sends while the component is mounted. */
export function useRealtimeEvent<E extends RealtimeEventName>(
  event: E,
  handler: (payload: RealtimePayload<E>) => void,
) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const current = realtimeSocket();
    if (!current) return;
    const listener = (payload: RealtimePayload<E>) => latest.current(payload);
    // Socket.IO's typed `on` cannot narrow a generic event name; the shared map types the payload.
    type Listen = (name: string, fn: (payload: RealtimePayload<E>) => void) => void;
    const on = current.on.bind(current) as unknown as Listen;
    const off = current.off.bind(current) as unknown as Listen;
    on(event, listener);
    return () => off(event, listener);
  }, [event]);
}

/**
 * Calls `handler` on every connection made after the component mounted: after a reconnection
 * (events may have been missed meanwhile), and after the first connection of a page load too,
 * since what the component fetched at mount may predate it (an event sent in between is lost).
 */
export function useRealtimeReconnect(handler: () => void) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const current = realtimeSocket();
    if (!current) return;
    const onConnect = () => latest.current();
    current.on('connect', onConnect);
    return () => {
      current.off('connect', onConnect);
    };
  }, []);
}
