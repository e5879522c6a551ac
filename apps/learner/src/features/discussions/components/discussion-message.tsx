import { useState } from 'react';
import type { MemberDiscussionMessage } from '@ajar/shared/discussions/member-discussions.schemas';
import { formatDateTime } from '@ajar/shared/common/datetime';
import { staffAuthorBadge } from '@ajar/shared/discussions/discussions.constants';
import { errorMessage } from '../../../api/http';
import { Button } from '../../../components/button';
import { MessageBox } from './message-box';

export function formatDate(iso: string) {
  return formatDateTime(iso);
}

interface DiscussionMessageProps {
  message: MemberDiscussionMessage;
  onEdit: (content: string) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
  /** Offered on posts only: a reply goes under the post. */
  onReply?: () => void;
}

/** One message: author (staff marked 'Fasilitator'), time, text; own ones can be changed. */
export function DiscussionMessageView({
  message,
  onEdit,
  onDelete,
  onReply,
}: DiscussionMessageProps) {
  const [editing, setEditing] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    if (!window.confirm('Hapus pesan ini?')) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete();
    } catch (failure) {
      setDeleteError(errorMessage(failure));
      setDeleting(false);
    }
  }

  return (
    <article className="discussion-message" aria-label={`Pesan ${message.author_name}`}>
      <header className="discussion-message__head">
        <strong>{message.author_name}</strong>
        {message.author_kind === 'staff' && (
          <span className="chip chip--staff">{staffAuthorBadge(message.author_role)}</span>
        )}
        {message.is_mine && <span className="chip">Anda</span>}
        <span className="muted discussion-message__time">
          <time dateTime={message.created_at}>{formatDate(message.created_at)}</time>
          {message.edited && ' · diubah'}
        </span>
      </header>
      {editing ? (
        <MessageBox
          label="Ubah pesan"
          initial={message.content}
          submitLabel="Simpan"
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (content) => {
            await onEdit(content);
            setEditing(false);
          }}
        />
      ) : (
        <p className="discussion-message__text">{message.content}</p>
      )}
      {!editing && (
        <div className="row discussion-message__actions">
          {onReply && (
            <Button variant="text" onClick={onReply}>
              Balas
            </Button>
          )}
          {message.is_mine && (
            <>
              <Button variant="text" onClick={() => setEditing(true)}>
                Ubah
              </Button>
              {message.total_child === 0 && (
                <Button variant="text" busy={deleting} onClick={() => void remove()}>
                  Hapus
                </Button>
              )}
            </>
          )}
        </div>
      )}
      {deleteError && (
        <p className="field__error" role="alert">
          {deleteError}
        </p>
      )}
    </article>
  );
}
