import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/button';
import { Card } from '../../../components/card';
import { pathTo } from '../../../routes/paths';
import { unreadQuery } from '../../discussions/api/discussions-api';
import { roomsQuery } from '../api/chat-api';

interface ProgramConnectProps {
  programId: string;
  /** Activity names by id, to name the threads with unread messages. */
  activities: { id: string; name: string }[];
}

/**
 * On a program: 'Chat Trainer' (with the room's unread count) and the discussion threads that
 * have messages the participant has not read yet.
 */
export function ProgramConnect({ programId, activities }: ProgramConnectProps) {
  const rooms = useQuery(roomsQuery);
  const unread = useQuery(unreadQuery(programId));
  const chatUnread =
    rooms.data?.list
      .filter((r) => r.program.id === programId)
      .reduce((sum, r) => sum + r.unread_message, 0) ?? 0;
  const threads = (unread.data?.activities ?? []).map((a) => ({
    ...a,
    name: activities.find((x) => x.id === a.activity_id)?.name ?? 'Aktivitas',
  }));
  return (
    <Card className="stack">
      <LinkButton block to={pathTo('chat', { programId })}>
        Chat Trainer
        {chatUnread > 0 && (
          <span className="badge" aria-label={`${chatUnread} pesan belum dibaca`}>
            {chatUnread}
          </span>
        )}
      </LinkButton>
      {threads.length > 0 && (
        <section
          aria-labelledby={`unread-${programId}`}
          className="stack"
          style={{ gap: '0.25rem' }}
        >
          <h2
            id={`unread-${programId}`}
            className="row"
            style={{ gap: '0.5rem', alignItems: 'center' }}
          >
            Diskusi belum dibaca
            <span className="badge">{unread.data?.total_unread}</span>
          </h2>
          <ul className="unread-threads">
            {threads.map((t) => (
              <li key={t.activity_id}>
                <Link to={pathTo('activity', { programId, activityId: t.activity_id })}>
                  {t.name}
                </Link>{' '}
                <span className="muted">({t.total_unread} baru)</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}
