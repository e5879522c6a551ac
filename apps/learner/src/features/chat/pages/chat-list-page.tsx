import { messagePreview } from '@ajar/shared/chat/message-preview';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/http';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { pathTo, routePaths } from '../../../routes/paths';
import { chatKeys, roomsQuery } from '../api/chat-api';
import { useLiveEvent } from '../api/live';
import '../chat.css';

/** Text of a message's HTML for a one-line preview ('[Gambar]' for an image alone, as staff see). */
function preview(html: string | null) {
  if (!html) return 'Belum ada pesan';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return messagePreview(doc.body.textContent?.trim() ?? '', html);
}

/** The participant's chats with trainers, one per program, newest first (the chat icon). */
export function ChatListPage() {
  const client = useQueryClient();
  const rooms = useQuery(roomsQuery);
  useLiveEvent(
    'chat.rooms_changed',
    () => void client.invalidateQueries({ queryKey: chatKeys.rooms }),
  );

  return (
    <Page title="Chat Trainer" back={routePaths['program-saya']}>
      {rooms.isPending && <PageLoading label="Memuat chat…" />}
      {rooms.isError && <Alert tone="error">{errorMessage(rooms.error)}</Alert>}
      {rooms.isSuccess && rooms.data.list.length === 0 && (
        <Card>
          <p className="muted">
            Belum ada chat. Buka program Anda lalu pilih &lsquo;Chat Trainer&rsquo;.
          </p>
        </Card>
      )}
      {rooms.isSuccess && rooms.data.list.length > 0 && (
        <ul className="room-list">
          {rooms.data.list.map((room) => (
            <li key={room.id}>
              <Link className="room-row" to={pathTo('chat', { programId: room.program.id })}>
                <span className="stack" style={{ gap: 0 }}>
                  <strong>{room.trainer.fullname}</strong>
                  <span className="muted">{room.program.title}</span>
                  <span className="room-row__preview">{preview(room.last_message)}</span>
                </span>
                {room.unread_message > 0 && (
                  <span className="badge" aria-label={`${room.unread_message} pesan belum dibaca`}>
                    {room.unread_message}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
