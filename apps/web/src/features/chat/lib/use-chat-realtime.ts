import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime-client';
import { chatKeys } from '../api/chat-keys';
import { addMessage, setPresence } from './chat-cache';

/**
 * Keeps private discussion live (spec 01 §4): new messages join their panel, room lists and the
 * unread total refresh, online dots follow presence. Mounted once, in the top bar.
 */
export function useChatRealtime() {
  const queryClient = useQueryClient();
  useRealtimeEvent('chat.message', (message) => addMessage(queryClient, message));
  useRealtimeEvent('chat.rooms_changed', () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.totalUnread() });
  });
  useRealtimeEvent('chat.unread', ({ total_unread }) =>
    queryClient.setQueryData(chatKeys.totalUnread(), { total_unread }),
  );
  useRealtimeEvent('chat.presence', ({ member_id, online }) =>
    setPresence(queryClient, member_id, online),
  );
  useRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: chatKeys.all }));
}
