import type { MemberDiscussionUnread } from '@ajar/shared/discussions/member-discussions.schemas';

/** Query keys of the public threads (no schema here: the app bar imports them on every screen). */
export const discussionKeys = {
  thread: (programId: string, activityId: string) => ['discussion', programId, activityId] as const,
  allUnread: ['discussion-unread'] as const,
  unread: (programId: string) => ['discussion-unread', programId] as const,
};

/** The unread counts with `added` more messages in one activity's thread (a live event's news). */
export function addUnread(
  counts: MemberDiscussionUnread,
  activityId: string,
  added: number,
): MemberDiscussionUnread {
  const known = counts.activities.some((a) => a.activity_id === activityId);
  const activities = known
    ? counts.activities.map((a) =>
        a.activity_id === activityId ? { ...a, total_unread: a.total_unread + added } : a,
      )
    : [...counts.activities, { activity_id: activityId, total_unread: added }];
  return { activities, total_unread: counts.total_unread + added };
}
