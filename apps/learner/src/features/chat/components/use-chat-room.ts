import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageTypeStaff } from '@ajar/shared/chat/chat.constants';
import type { ChatMessage, ChatRoomDetail } from '@ajar/shared/chat/chat.schemas';
import { readReplyData } from '@ajar/shared/common/api-client';
import { errorMessage } from '../../../api/http';
import { onQueuedSent } from '../../../lib/offline-queue';
import { chatKeys } from '../api/chat-api';
import {
  fetchRoom,
  markRoomRead,
  queuedMessages,
  readChatMessage,
  sendChatMessage,
} from '../api/chat-room-api';
import { useLiveEvent, useLiveReconnect } from '../api/live';

/** A message written offline, shown until the server has it. */
export interface PendingMessage {
  key: string;
  message: string;
  created_at: string;
}

/** Adds messages by id (a live event and a reload may bring the same one), oldest first. */
function merge(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
}

/**
 * One room live: the newest page, older pages on demand, messages arriving over the socket, the
 * trainer's presence and read time, and the outbox of messages written offline.
 */
export function useChatRoom(roomId: string | undefined) {
  const client = useQueryClient();
  const [room, setRoom] = useState<ChatRoomDetail | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  // Once older pages are shown, reloading the newest page no longer decides 'has more'.
  const olderLoaded = useRef(false);

  const read = useCallback(() => {
    if (!roomId || document.visibilityState !== 'visible') return;
    void markRoomRead(roomId).then(
      () => client.invalidateQueries({ queryKey: chatKeys.totalUnread }),
      () => undefined,
    );
  }, [roomId, client]);

  const loadLatest = useCallback(async () => {
    if (!roomId) return;
    try {
      const detail = await fetchRoom(roomId);
      setRoom(detail);
      setMessages((current) => merge(current, detail.messages));
      if (!olderLoaded.current) setHasMore(detail.has_more);
      setError(null);
      read();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [roomId, read]);

  const refreshPending = useCallback(async () => {
    if (!roomId) return;
    const calls = await queuedMessages(roomId);
    setPending(
      calls.map((c) => ({
        key: c.key,
        message: String(c.body.message ?? ''),
        created_at: c.created_at,
      })),
    );
  }, [roomId]);

  useEffect(() => {
    void loadLatest();
    void refreshPending();
  }, [loadLatest, refreshPending]);

  useEffect(
    () =>
      onQueuedSent((call, outcome) => {
        if (call.kind !== 'chat') return;
        void refreshPending();
        if ('error' in outcome) {
          setError(outcome.error.message);
          // Shown here: the app's notice does not repeat it.
          return true;
        }
        try {
          const message = readReplyData(readChatMessage, outcome.data);
          setMessages((current) => merge(current, [message]));
        } catch (failure) {
          setError(errorMessage(failure));
        }
      }),
    [refreshPending],
  );

  useLiveEvent('chat.message', (message) => {
    if (message.room_id !== roomId) return;
    setMessages((current) => merge(current, [message]));
    if (message.type === messageTypeStaff) read();
  });
  useLiveEvent('chat.read', (event) => {
    if (event.room_id !== roomId || event.reader !== 'staff') return;
    setRoom((current) => current && { ...current, other_read_at: event.read_at });
  });
  useLiveEvent('chat.trainer_presence', (event) => {
    setRoom((current) =>
      current && current.trainer_id === event.trainer_id
        ? { ...current, trainer_online: event.online }
        : current,
    );
  });
  useLiveReconnect(() => void loadLatest());

  async function loadOlder() {
    const oldest = messages[0];
    if (!roomId || !oldest) return;
    setLoadingOlder(true);
    try {
      const detail = await fetchRoom(roomId, oldest.id);
      olderLoaded.current = true;
      setMessages((current) => merge(current, detail.messages));
      setHasMore(detail.has_more);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoadingOlder(false);
    }
  }

  async function send(html: string) {
    if (!roomId) return;
    const key = crypto.randomUUID();
    const result = await sendChatMessage(roomId, key, html);
    if (result.queued) await refreshPending();
    else setMessages((current) => merge(current, [result.data]));
  }

  return { room, messages, hasMore, pending, error, loadingOlder, loadOlder, send };
}
