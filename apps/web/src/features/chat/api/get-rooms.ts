import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChatRoomList } from '@ajar/shared/chat/chat.schemas';
import { http } from '@/api/http';
import { chatKeys } from './chat-keys';

export const chatBase = '/discussion/v1/discussion-private';

/** `GET …/discussion-private/list` (newest activity first; a trainer gets their rooms only). */
export function useChatRooms(programId: string | undefined, page: number, limit = 10) {
  return useQuery({
    queryKey: chatKeys.roomList(programId, page),
    queryFn: ({ signal }) =>
      http.get<ChatRoomList>(
        `${chatBase}/list`,
        { limit, page, sort_by: 'updated_at', sort_type: 'desc', program_id: programId },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/get-total-unread`: the mail icon's count. */
export function useChatTotalUnread() {
  return useQuery({
    queryKey: chatKeys.totalUnread(),
    queryFn: ({ signal }) =>
      http.get<{ total_unread: number }>(`${chatBase}/get-total-unread`, undefined, signal),
  });
}
