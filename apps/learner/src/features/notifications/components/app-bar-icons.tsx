import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MemberDiscussionUnread } from '@ajar/shared/discussions/member-discussions.schemas';
import { readSession } from '../../../api/session';
import { routePaths } from '../../../routes/paths';
import { activityKeys } from '../../activities/api/activity-keys';
import { chatKeys, totalUnreadQuery } from '../../chat/api/chat-api';
import { refetchSoon, useLiveEvent, useLiveReconnect } from '../../chat/api/live';
import { addUnread, discussionKeys } from '../../discussions/api/discussion-keys';
import { notificationKeys, unreadNotificationsQuery } from '../api/notifications-api';
import '../app-bar-icons.css';

/** Material Symbols shapes (Apache-2.0): chat bubble and bell. */
const chatPath =
  'M20 2H4c-1.1 0-2 .9-2 2v18l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z';
const bellPath =
  'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.9 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z';

function CountIcon({
  to,
  label,
  path,
  count,
}: {
  to: string;
  label: string;
  path: string;
  count: number;
}) {
  const name = count > 0 ? `${label}, ${count} belum dibaca` : label;
  return (
    <Link to={to} className="icon-button app-bar-icon" aria-label={name}>
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={path} />
      </svg>
      {count > 0 && (
        <span className="app-bar-icon__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/**
 * The chat icon and the bell of the signed-in app bar, each with its unread count (live); it also
 * keeps the screens live that any screen may lead to: discussion counts, 'Notifikasi', a scored
 * work.
 */
export function AppBarIcons() {
  const client = useQueryClient();
  const signedIn = readSession() !== null;
  const chat = useQuery({ ...totalUnreadQuery, enabled: signedIn });
  const notifications = useQuery({ ...unreadNotificationsQuery, enabled: signedIn });
  useLiveEvent('chat.unread', (payload) => {
    client.setQueryData(chatKeys.totalUnread, payload);
    void client.invalidateQueries({ queryKey: chatKeys.rooms });
  });
  // New posts or replies in a thread of one of my programs: the event carries the count, so the
  // counts change in the cache without a request; an open thread reloads once, a moment later.
  useLiveEvent('discussion.unread_changed', ({ program_id, activity_id, new_messages }) => {
    client.setQueryData<MemberDiscussionUnread>(discussionKeys.unread(program_id), (old) =>
      old ? addUnread(old, activity_id, new_messages) : old,
    );
    refetchSoon(client, discussionKeys.thread(program_id, activity_id));
  });
  // A new notification (a send may reach a whole cohort at once): the bell and 'Notifikasi'.
  useLiveEvent('member_notification.new', () => refetchSoon(client, notificationKeys.all));
  // The trainer scored a work: the activity, the program's progress and 'Nilai' (all under it).
  useLiveEvent('activity.feedback', ({ program_id }) =>
    refetchSoon(client, activityKeys.program(program_id)),
  );
  // After a reconnection (a whole cohort's at once when a server goes): spread, not in step.
  useLiveReconnect(() => {
    refetchSoon(client, discussionKeys.allUnread);
    refetchSoon(client, notificationKeys.all);
  });
  if (!signedIn) return null;
  return (
    <>
      <CountIcon
        to={routePaths['chat-list']}
        label="Chat Trainer"
        path={chatPath}
        count={chat.data?.total_unread ?? 0}
      />
      <CountIcon
        to={routePaths.notifikasi}
        label="Notifikasi"
        path={bellPath}
        count={notifications.data ?? 0}
      />
    </>
  );
}
