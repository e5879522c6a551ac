import { chatMessageSchema, chatRoomDetailSchema } from '@ajar/shared/chat/chat.schemas';
import { http } from '../../../api/http';
import {
  listQueued,
  sendOrQueue,
  startOfflineQueue,
  type QueuedCall,
} from '../../../lib/offline-queue';
import { readSent } from '../../../lib/read-sent';

/**
 * One room's calls, their replies checked by the shared schemas. Apart from `chat-api.ts`, which
 * the app bar imports on every screen: the schemas (and zod) load with the room's screen only.
 */

const enc = encodeURIComponent;

/** A newest-first page of the room: `before` is the oldest message id already shown. */
export const fetchRoom = (roomId: string, before?: string) =>
  http.get(
    `/chat/detail-room/${enc(roomId)}`,
    before ? { before } : undefined,
    undefined,
    chatRoomDetailSchema,
  );

export const markRoomRead = (roomId: string) => http.put<null>(`/chat/read/${enc(roomId)}`);

const sendPath = (roomId: string) => `/chat/room/${enc(roomId)}/send-message`;

/** A message the server stored, as the send answers it now or the outbox hands it over later. */
export const readChatMessage = chatMessageSchema;

/**
 * Sends a message, or keeps it in the outbox while offline; its key (also the server's
 * idempotency key) makes a resend after reconnecting store it once.
 */
export function sendChatMessage(roomId: string, key: string, message: string) {
  startOfflineQueue();
  return sendOrQueue<unknown>({
    key,
    method: 'POST',
    path: sendPath(roomId),
    body: { message, idempotency_key: key },
    kind: 'chat',
  }).then(readSent(readChatMessage));
}

/** Messages of this room still waiting in the outbox (oldest first). */
export async function queuedMessages(roomId: string): Promise<QueuedCall[]> {
  const calls = await listQueued();
  return calls
    .filter((call) => call.kind === 'chat' && call.path === sendPath(roomId))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}
