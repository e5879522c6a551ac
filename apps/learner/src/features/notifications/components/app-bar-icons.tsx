import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { readSession } from '../../../api/session';
import { routePaths } from '../../../routes/paths';
import { chatKeys, totalUnreadQuery } from '../../chat/api/chat-api';
import { useLiveEvent, useLiveReconnect } from '../../chat/api/live';
import { discussionKeys } from '../../discussions/api/discussion-keys';
import { unreadNotificationsQuery } from '../api/notifications-api';
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
 * keeps the discussion counts of the screens live.
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
  // A new post or reply in a thread of one of my programs: its counts (and the thread, if open).
  useLiveEvent('discussion.unread_changed', ({ program_id, activity_id }) => {
    void client.invalidateQueries({ queryKey: discussionKeys.unread(program_id) });
    void client.invalidateQueries({ queryKey: discussionKeys.thread(program_id, activity_id) });
  });
  useLiveReconnect(() => void client.invalidateQueries({ queryKey: discussionKeys.allUnread }));
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
