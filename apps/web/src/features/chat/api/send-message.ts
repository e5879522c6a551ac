import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@ajar/shared/chat/chat.schemas';
import { http } from '@/api/http';
import { addMessage } from '../lib/chat-cache';
import { chatKeys } from './chat-keys';
import { chatBase } from './get-rooms';

export interface SendInput {
  roomId: string;
  message: string;
  topic?: string;
  activity?: string;
  reference_id?: string;
}

/** `POST …/room/{roomId}/send-message`; the sent message joins the panel at once. */
export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, ...body }: SendInput) =>
      http.post<ChatMessage>(`${chatBase}/room/${roomId}/send-message`, body),
    onSuccess: (message) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    },
  });
}

/** `PUT …/read/{roomId}`. */
export function useReadChatRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => http.put<null>(`${chatBase}/read/${roomId}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.totalUnread() });
    },
  });
}
