import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatRoomDetail } from '@ajar/shared/chat/chat.schemas';
import { chatKeys } from '../api/chat-keys';
import type { MessagePages } from '../api/get-messages';
import { setPresence } from './chat-cache';

const room: ChatRoomDetail = {
  id: 'room-1',
  program_id: 'p1',
  trainer_id: 't1',
  member_id: 'm1',
  program: { id: 'p1', title: 'Program' },
  trainer: { id: 't1', fullname: 'Trainer' },
  member: { id: 'm1', name: 'Peserta', email: 'p@contoh.id', online: false },
  messages: [],
  has_more: false,
  trainer_online: true,
  other_read_at: null,
};

describe('setPresence', () => {
  it("turns the open chat's header online when the member comes online", () => {
    const queryClient = new QueryClient();
    const pages: MessagePages = { pages: [room], pageParams: [undefined] };
    queryClient.setQueryData(chatKeys.messages('room-1'), pages);
    queryClient.setQueryData(chatKeys.messages('room-2'), {
      pages: [{ ...room, id: 'room-2', member_id: 'm2', member: { ...room.member, id: 'm2' } }],
      pageParams: [undefined],
    });

    setPresence(queryClient, 'm1', true);

    const open = queryClient.getQueryData<MessagePages>(chatKeys.messages('room-1'));
    expect(open?.pages[0]?.member.online).toBe(true);
    const other = queryClient.getQueryData<MessagePages>(chatKeys.messages('room-2'));
    expect(other?.pages[0]?.member.online).toBe(false);
  });
});
