/** Query keys of private discussion. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: () => [...chatKeys.all, 'rooms'] as const,
  roomList: (programId: string | undefined, page: number) =>
    [...chatKeys.rooms(), programId ?? 'all', page] as const,
  totalUnread: () => [...chatKeys.all, 'total-unread'] as const,
  messages: (roomId: string) => [...chatKeys.all, 'messages', roomId] as const,
};
