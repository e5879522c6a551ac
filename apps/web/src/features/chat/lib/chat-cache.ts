import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoomList } from '@ajar/shared/chat/chat.schemas';
import { chatKeys } from '../api/chat-keys';
import type { MessagePages } from '../api/get-messages';

/** Appends a message to its room's newest page, once (the sender also receives it live). */
export function addMessage(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(message.room_id), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

/** Sets a member's online state in every loaded room list and open chat header. */
export function setPresence(queryClient: QueryClient, memberId: string, online: boolean) {
  // The header reads the room's detail (its first message page), not the room list.
  queryClient.setQueriesData<MessagePages>(
    { queryKey: [...chatKeys.all, 'messages'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) =>
          page.member_id === memberId ? { ...page, member: { ...page.member, online } } : page,
        ),
      },
  );
  queryClient.setQueriesData<ChatRoomList>({ queryKey: chatKeys.rooms() }, (data) =>
    data
      ? {
          ...data,
          list: data.list.map((room) =>
            room.member.id === memberId ? { ...room, member: { ...room.member, online } } : room,
          ),
        }
      : data,
  );
}
