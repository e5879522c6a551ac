import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ChatRoomDetail } from '@ajar/shared/chat/chat.schemas';
import { chatPageSize } from '@ajar/shared/chat/chat.constants';
import { http } from '@/api/http';
import { chatKeys } from './chat-keys';
import { chatBase } from './get-rooms';

export type MessagePages = InfiniteData<ChatRoomDetail, string | undefined>;

/**
 * `GET …/detail-room/{id}`: the newest 10 messages, then 10 older ones per page (spec 01 §9);
 * the next page starts before the oldest message held.
 */
export function useChatMessages(roomId: string | undefined) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(roomId ?? ''),
    enabled: Boolean(roomId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      http.get<ChatRoomDetail>(
        `${chatBase}/detail-room/${roomId}`,
        { limit: chatPageSize, before: pageParam },
        signal,
      ),
    getNextPageParam: (last) => (last.has_more ? last.messages[0]?.id : undefined),
  });
}
