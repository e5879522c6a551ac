import { queryOptions } from '@tanstack/react-query';
import { http, upload } from '../../../api/http';

/** The participant's private chat with the trainer of a program. */

const enc = encodeURIComponent;

export const chatKeys = {
  totalUnread: ['chat', 'total-unread'] as const,
  rooms: ['chat', 'rooms'] as const,
  roomId: (programId: string) => ['chat', 'room-id', programId] as const,
};

export interface MemberRoom {
  id: string;
  program: { id: string; title: string };
  trainer: { id: string; fullname: string };
  last_message: string | null;
  unread_message: number;
  updated_at: string;
}

export const totalUnreadQuery = queryOptions({
  queryKey: chatKeys.totalUnread,
  queryFn: ({ signal }) =>
    http.get<{ total_unread: number }>('/chat/get-total-unread', undefined, signal),
});

export const roomsQuery = queryOptions({
  queryKey: chatKeys.rooms,
  queryFn: ({ signal }) => http.get<{ list: MemberRoom[] }>('/chat/rooms', { limit: 100 }, signal),
});

/** Opens (or creates) the member's room with the program's trainer. */
export const roomIdQuery = (programId: string) =>
  queryOptions({
    queryKey: chatKeys.roomId(programId),
    queryFn: () => http.post<{ room_id: string }>('/chat/get-room-id', { program_id: programId }),
    staleTime: Infinity,
  });

/**
 * An image for the room, uploaded through Ajar (multipart `file`, with progress 0…1); the
 * server keeps only such images in a message. Answers its address.
 */
export const uploadChatImage = (
  roomId: string,
  file: File,
  onProgress: (fraction: number) => void,
) => {
  const form = new FormData();
  form.append('file', file);
  return upload<{ url: string }>('POST', `/chat/room/${enc(roomId)}/image`, form, onProgress);
};

/** An uploaded image as a message of its own. */
export const imageMessage = (url: string) =>
  `<p><img src="${url.replace(/"/g, '%22')}" alt="Gambar dari peserta"></p>`;
