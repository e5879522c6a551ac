/** Query keys of the public threads (no schema here: the app bar imports them on every screen). */
export const discussionKeys = {
  thread: (programId: string, activityId: string) => ['discussion', programId, activityId] as const,
  allUnread: ['discussion-unread'] as const,
  unread: (programId: string) => ['discussion-unread', programId] as const,
};
